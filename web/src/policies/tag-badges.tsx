import { industryBadgeClass } from '../lib/badge-colors.ts';

/** Industry tags as filled badges, each in the colour the API gave it. */
export function IndustryBadges({ industries }: { industries: readonly { name: string; color: string }[] }) {
  if (!industries.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Industries">
      {industries.map(({ name, color }) => (
        <li key={name} className={`rounded-full px-2 py-0.5 text-xs font-medium ${industryBadgeClass(color)}`}>
          {name}
        </li>
      ))}
    </ul>
  );
}

/** Topic names as outlined badges. */
export function TopicBadges({ topics }: { topics: readonly string[] }) {
  if (!topics.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Topics">
      {topics.map((name) => (
        <li key={name} className="rounded-full border border-slate-400 px-2 py-0.5 text-xs font-medium text-slate-800">
          {name}
        </li>
      ))}
    </ul>
  );
}
