import { Link } from '@tanstack/react-router';

/** A feature as the plan lists it; one the product can show opens its page. */
export type PlanFeature = string | { label: string; to: '/analytics' };

/** A plan's features as a checked list (landing pricing card, subscribe page, subscription success). */
export function PlanFeatureList({ features, className = '' }: { features: readonly PlanFeature[]; className?: string }) {
  return (
    <ul className={`space-y-3 text-sm text-slate-800 ${className}`}>
      {features.map((feature) => (
        <li key={typeof feature === 'string' ? feature : feature.label} className="flex gap-3">
          <span aria-hidden="true" className="font-bold text-green-700">
            ✓
          </span>
          {typeof feature === 'string' ? (
            feature
          ) : (
            <Link to={feature.to} className="underline decoration-slate-400 hover:decoration-slate-800">
              {feature.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
