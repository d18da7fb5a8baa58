/**
 * Whether a document is still law, as pkulaw marks it under every title (现行有效 / 尚未生效 /
 * 已被修改 / 失效): derived from the dates and the links between documents (db/effectiveness.ts),
 * kept current by a job on a clock. `unknown` when neither the text nor a link says.
 */
export const effectivenessStatuses = ['in_force', 'not_yet_in_force', 'amended', 'repealed', 'unknown'] as const;
export type EffectivenessStatus = (typeof effectivenessStatuses)[number];

/** What a reader is told, on cards, the detail page and the filter. */
export const effectivenessLabels = {
  in_force: 'In force',
  not_yet_in_force: 'Not yet in force',
  amended: 'Amended',
  repealed: 'Repealed',
  unknown: 'Status unknown',
} as const satisfies Record<EffectivenessStatus, string>;
