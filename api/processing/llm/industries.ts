import { industryList } from '../../../db/reference-data.ts';

/**
 * The industries of an LLM answer, in the vocabulary's terms (issue 44 item 7). A model names the
 * vocabulary's industries loosely ("Banking", "Health care", "Pharmaceuticals", "Telecoms",
 * "Aerospace and Defence") and sometimes the same one twice: each name is normalised (case, "and"
 * for "&", British spellings, a trailing "industry"/"sector"/"s") and looked up among the
 * vocabulary's names and a small table of near names; entries that land on one industry become one,
 * with every detail. A name that is no industry of ours is left out, never stored as one.
 */

/** Near names to the vocabulary's industry they mean (compared normalised, as every name is). */
const nearNames: Record<string, (typeof industryList)[number]['name']> = {
  banking: 'Financial Services',
  finance: 'Financial Services',
  financial: 'Financial Services',
  'financial services': 'Financial Services',
  insurance: 'Financial Services',
  securities: 'Financial Services',
  'capital markets': 'Financial Services',
  fintech: 'Financial Services',
  'information technology': 'Technology',
  it: 'Technology',
  tech: 'Technology',
  software: 'Technology',
  internet: 'Technology',
  semiconductors: 'Technology',
  'health care': 'Healthcare',
  health: 'Healthcare',
  medical: 'Healthcare',
  pharmaceuticals: 'Healthcare',
  pharma: 'Healthcare',
  'medical devices': 'Healthcare',
  property: 'Real Estate',
  'real estate and property': 'Real Estate',
  housing: 'Real Estate',
  power: 'Energy',
  utilities: 'Energy',
  'oil and gas': 'Energy',
  farming: 'Agriculture',
  'agriculture and food': 'Agriculture',
  transport: 'Transportation',
  logistics: 'Transportation',
  shipping: 'Transportation',
  aviation: 'Transportation',
  'media and entertainment': 'Media & Entertainment',
  media: 'Media & Entertainment',
  entertainment: 'Media & Entertainment',
  telecoms: 'Telecommunications',
  telecom: 'Telecommunications',
  automobile: 'Automotive',
  auto: 'Automotive',
  'automotive manufacturing': 'Automotive',
  'electric vehicles': 'Automotive',
  infrastructure: 'Construction',
  building: 'Construction',
  'chemical industry': 'Chemicals',
  petrochemical: 'Chemicals',
  'aerospace and defense': 'Aerospace & Defense',
  aerospace: 'Aerospace & Defense',
  defense: 'Aerospace & Defense',
  biotech: 'Biotechnology',
  'life sciences': 'Biotechnology',
  environment: 'Environmental Services',
  environmental: 'Environmental Services',
  'environmental protection': 'Environmental Services',
  'consumer products': 'Consumer Goods',
  fmcg: 'Consumer Goods',
  'e-commerce': 'Retail',
  ecommerce: 'Retail',
  'legal services': 'Professional Services',
  legal: 'Professional Services',
  consulting: 'Professional Services',
  accounting: 'Professional Services',
};

/** A name as compared: lower case, "&" as "and", British spellings, no trailing "industry", "sector" or plural "s". */
function normalised(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/defence/g, 'defense')
    .replace(/[^a-z0-9\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/ (industry|industries|sector|sectors)$/, '')
    .replace(/s$/, '');
}

const byNormalisedName = new Map<string, number>([
  ...industryList.map((industry): [string, number] => [normalised(industry.name), industry.id]),
  ...Object.entries(nearNames).map(([near, name]): [string, number] => [normalised(near), industryList.find((industry) => industry.name === name)!.id]),
]);

/** The vocabulary's industry a name means, or null when it is none of ours. */
export function industryIdOf(name: string): number | null {
  return byNormalisedName.get(normalised(name)) ?? null;
}

/** The answer's industries, each once, in the answer's order, their details joined; names that are no industry of ours left out. */
export function answerIndustries(entries: readonly { industry: string; details: string }[]): { industryId: number; details: string }[] {
  const merged = new Map<number, string[]>();
  for (const entry of entries) {
    const id = industryIdOf(entry.industry);
    if (id === null) continue;
    const details = merged.get(id) ?? [];
    const detail = entry.details.trim();
    if (detail && !details.includes(detail)) details.push(detail);
    merged.set(id, details);
  }
  return [...merged].map(([industryId, details]) => ({ industryId, details: details.join(' ') }));
}
