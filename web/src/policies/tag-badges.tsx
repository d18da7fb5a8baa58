import { tagColors } from '../../../vocabulary/industries.ts';
import { industryBadgeClass } from '../lib/badge-colors.ts';

/** Industry tags as filled badges, in the colour the API gave each tag (its kind's: green). */
export function IndustryBadges({ industries }: { industries: readonly { name: string; color: string }[] }) {
  if (!industries.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Industries">
      {industries.map(({ name, color }) => (
        <li key={name} className={`rounded-full px-2 py-0.5 text-xs font-medium ${industryBadgeClass(color)}`} data-color={color}>
          {name}
        </li>
      ))}
    </ul>
  );
}

/** How an outlined badge of each tag colour looks (text passes WCAG AA on white). */
const outlined: Record<(typeof tagColors)[keyof typeof tagColors], string> = {
  green: 'border-green-600 text-green-900',
  blue: 'border-blue-500 text-blue-900',
};

/** Topic names as outlined badges, in the topic tags' colour (blue). */
export function TopicBadges({ topics }: { topics: readonly string[] }) {
  if (!topics.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Topics">
      {topics.map((name) => (
        <li key={name} className={`rounded-full border px-2 py-0.5 text-xs font-medium ${outlined[tagColors.topic]}`} data-color={tagColors.topic}>
          {name}
        </li>
      ))}
    </ul>
  );
}
