/** A plan's features as a checked list (landing pricing card, subscribe page, subscription success). */
export function PlanFeatureList({ features, className = '' }: { features: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-3 text-sm text-slate-800 ${className}`}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-3">
          <span aria-hidden="true" className="font-bold text-green-700">
            ✓
          </span>
          {feature}
        </li>
      ))}
    </ul>
  );
}
