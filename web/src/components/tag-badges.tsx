import { industryBadgeClass } from '../lib/industry-colors.ts';

/** Industry names as filled badges in the industry palette. */
export function IndustryBadges({ industries }: { industries: readonly string[] }) {
  if (!industries.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Industries">
      {industries.map((name) => (
        <li key={name} className={`rounded-full px-2 py-0.5 text-xs font-medium ${industryBadgeClass(name)}`}>
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
