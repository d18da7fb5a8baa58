/**
 * A tag's colour is its kind's, on every screen (back-office spec: "green for industry tags, blue
 * for topic tags"; industry tags filled, topic tags outlined). The industries' own palette below is
 * the Industry reference list's (user-area spec), served by GET /api/industries; tags don't use it.
 */
export const tagColors = { industry: 'green', topic: 'blue' } as const;

/** An industry's palette colour when it is not in the palette. */
export const defaultTagColor = 'blue';

/** The spec's twenty industries, in its order, with their display colours (the spec's palette). */
export const industryList = [
  { id: 1, name: 'Financial Services', color: 'blue' },
  { id: 2, name: 'Technology', color: 'purple' },
  { id: 3, name: 'Manufacturing', color: 'green' },
  { id: 4, name: 'Healthcare', color: 'red' },
  { id: 5, name: 'Real Estate', color: 'amber' },
  { id: 6, name: 'Energy', color: 'yellow' },
  { id: 7, name: 'Agriculture', color: 'lime' },
  { id: 8, name: 'Transportation', color: 'cyan' },
  { id: 9, name: 'Education', color: 'indigo' },
  { id: 10, name: 'Retail', color: 'rose' },
  { id: 11, name: 'Media & Entertainment', color: 'pink' },
  { id: 12, name: 'Telecommunications', color: 'sky' },
  { id: 13, name: 'Automotive', color: 'slate' },
  { id: 14, name: 'Construction', color: 'stone' },
  { id: 15, name: 'Chemicals', color: 'violet' },
  { id: 16, name: 'Aerospace & Defense', color: 'teal' },
  { id: 17, name: 'Biotechnology', color: 'emerald' },
  { id: 18, name: 'Environmental Services', color: 'grass' },
  { id: 19, name: 'Consumer Goods', color: 'orange' },
  { id: 20, name: 'Professional Services', color: 'zinc' },
] as const;

const colorById = new Map<number, string>(industryList.map((industry) => [industry.id, industry.color]));

/** An industry's colour in the reference list's palette; unknown industries are blue. */
export function industryColor(industryId: number): string {
  return colorById.get(industryId) ?? defaultTagColor;
}
