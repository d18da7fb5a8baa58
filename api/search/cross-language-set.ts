import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';

/**
 * The held-out measure of cross-language search (issue 43): English queries as a subscriber
 * writes them, two to five words, each with the real Chinese-only document it should find, among
 * the labelled set (api/processing/documents) and the laws and regulations of
 * ./cross-language-set/ (origins in its README). Written from the documents, without looking at
 * what the dictionary makes of the queries, and split by document into two fixed halves before
 * the expansion was changed: `tune` may guide the expansion, `held-out` only measures it. A query
 * never moves between halves. The 29 queries the glossary was tuned on are apart
 * (./cross-language-queries.ts).
 */
export type CrossLanguageCase = { q: string; file: string; half: 'tune' | 'held-out' };

const tune = (file: string, ...queries: string[]) => queries.map((q): CrossLanguageCase => ({ q, file, half: 'tune' }));
const heldOut = (file: string, ...queries: string[]) => queries.map((q): CrossLanguageCase => ({ q, file, half: 'held-out' }));

export const crossLanguageSet: CrossLanguageCase[] = [
  ...tune('law-01.txt', 'defective car recall', 'vehicle recall rules'),
  ...heldOut('law-02.txt', 'migrant workers wages', 'unpaid wages construction'),
  ...tune('law-03.txt', 'statistics law', 'falsified statistical data'),
  ...heldOut('law-04.txt', 'rare earth management', 'rare earth mining'),
  ...tune('law-05.txt', 'data security law', 'important data protection'),
  ...heldOut('law-06.txt', 'express delivery regulations', 'parcel delivery services'),
  ...tune('law-07.txt', 'carbon emissions trading', 'emission allowances'),
  ...heldOut('law-08.txt', 'pollutant discharge permits', 'discharge permit management'),
  ...tune('law-09.txt', 'work injury insurance', 'work-related injury determination'),
  ...heldOut('law-10.txt', 'vaccine administration law', 'vaccination safety'),
  ...tune('law-11.txt', 'food safety law', 'food additives'),
  ...heldOut('law-12.txt', 'food waste law', 'restaurant food waste'),
  ...tune('law-13.txt', 'wildlife protection law', 'wild animal habitats'),
  ...heldOut('law-14.txt', 'black soil protection', 'black soil farmland'),
  ...tune('law-15.txt', 'Yangtze River protection', 'Yangtze River basin'),
  ...heldOut('law-16.txt', 'anti-money laundering', 'suspicious transaction reports'),
  ...tune('law-17.txt', 'futures and derivatives law', 'derivatives trading'),
  ...heldOut('law-18.txt', 'government procurement law', 'procurement suppliers'),
  ...tune('law-19.txt', 'advertising law', 'false advertising'),
  ...heldOut('law-20.txt', 'algorithm recommendation services', 'recommendation algorithms'),
  ...tune('law-21.txt', 'telecom fraud', 'phone card fraud'),
  ...heldOut('law-22.txt', 'preschool education law', 'kindergarten teachers'),
  ...tune('law-23.txt', 'seed law', 'new plant varieties'),
  ...heldOut('law-24.txt', 'grain security law', 'grain reserves'),
  ...tune('law-25.txt', 'energy conservation law', 'building energy efficiency'),
  ...heldOut('law-26.txt', 'foreign exchange administration', 'foreign exchange settlement'),
  ...tune('law-27.txt', 'traditional Chinese medicine', 'TCM law'),
  ...heldOut('law-28.txt', 'barrier-free environment', 'accessibility for disabled people'),
  ...tune('law-29.txt', 'critical information infrastructure', 'critical infrastructure security'),
  ...heldOut('law-30.txt', 'bidding and tendering', 'bid evaluation'),
  ...tune('law-31.txt', 'personal information protection law', 'sensitive personal information'),
  ...heldOut('law-32.txt', 'biosecurity law', 'biosafety laboratories'),
  ...tune('govcn-47.txt', 'State Council working rules'),
  ...heldOut('lawrefbook-07.txt', 'monthly working hours', 'wage conversion'),
  ...tune('govcn-39.txt', 'stabilizing employment'),
  ...heldOut('govcn-15.txt', 'farm machinery industry'),
  ...tune('lawrefbook-11.txt', 'late payments to SMEs'),
  ...heldOut('govcn-04.txt', 'tertiary public hospitals'),
  ...tune('lawrefbook-05.txt', 'medical device filing'),
  ...heldOut('govcn-60.txt', 'government website consolidation'),
  ...tune('govcn-01.txt', 'joint random inspections'),
];

export type ChineseOnlyDocument = { file: string; title: string; publishedOn: string; chineseText: string };

const lawSchema = z.array(z.object({ file: z.string(), title: z.string(), publishedOn: z.string(), source: z.string() }));

/** Every document the set's queries are asked against: the labelled set's and the laws of ./cross-language-set/. */
export function loadCrossLanguageDocuments(): ChineseOnlyDocument[] {
  const laws = lawSchema.parse(JSON.parse(readFileSync(new URL('cross-language-set/documents.json', import.meta.url), 'utf8')));
  return [
    ...loadLabelledSet().map((document) => ({ file: document.file, title: document.title, publishedOn: document.receivedOn, chineseText: document.story.chineseText })),
    ...laws.map((law) => ({ file: law.file, title: law.title, publishedOn: law.publishedOn, chineseText: readFileSync(new URL(`cross-language-set/${law.file}`, import.meta.url), 'utf8') })),
  ];
}

export type Recall = { half: CrossLanguageCase['half']; found: number; queries: number; misses: string[] };

/** Recall per half: a query counts when its document is among the Chinese matches `foundFor` answers. */
export async function measureRecall(foundFor: (q: string) => Promise<readonly string[]>): Promise<Recall[]> {
  const recalls: Recall[] = (['tune', 'held-out'] as const).map((half) => ({ half, found: 0, queries: 0, misses: [] }));
  for (const query of crossLanguageSet) {
    const recall = recalls.find((entry) => entry.half === query.half)!;
    recall.queries++;
    if ((await foundFor(query.q)).includes(query.file)) recall.found++;
    else recall.misses.push(query.q);
  }
  return recalls;
}
