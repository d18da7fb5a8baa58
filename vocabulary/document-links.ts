/**
 * How one document relates to another. A link is stored once, in the direction the acting
 * document states it, and read from both ends: the other end sees its inverse (`citedBy`,
 * `amendedBy`, ...). Citations are stored with what the text cites, resolved or not
 * (policy_citations, db/citations.ts); the other kinds in policy_links (db/document-links.ts).
 * `sameDocument` joins two copies of one document published by two sites: its own inverse.
 */
export const storedLinkKinds = ['amends', 'replaces', 'repeals', 'sameDocument'] as const;
export type StoredLinkKind = (typeof storedLinkKinds)[number];

export const inverseLinkKind = {
  cites: 'citedBy',
  amends: 'amendedBy',
  replaces: 'replacedBy',
  repeals: 'repealedBy',
  sameDocument: 'sameDocument',
} as const satisfies Record<StoredLinkKind | 'cites', string>;

/** Every kind a reader sees, from either end. */
export const linkKinds = ['cites', 'citedBy', 'amends', 'amendedBy', 'replaces', 'replacedBy', 'repeals', 'repealedBy', 'sameDocument'] as const;
export type LinkKind = (typeof linkKinds)[number];

export const linkKindLabels = {
  cites: 'Cites',
  citedBy: 'Cited by',
  amends: 'Amends',
  amendedBy: 'Amended by',
  replaces: 'Replaces',
  replacedBy: 'Replaced by',
  repeals: 'Repeals',
  repealedBy: 'Repealed by',
  sameDocument: 'Same document',
} as const satisfies Record<LinkKind, string>;

/**
 * A link read from a clear statement of the text, or added by an editor, is `confirmed`; one the
 * text leaves open (a title held by several versions, two issuers of one title) is `proposed` and
 * waits in the back office for an editor to confirm or remove. A removed one stays `rejected`, so
 * reading the text again does not propose it again; readers never see it.
 */
export const linkStates = ['confirmed', 'proposed', 'rejected'] as const;
export type LinkState = (typeof linkStates)[number];

/** Where a link came from: the citing text's words, two versions sharing a title, or an editor's hand. */
export const linkOrigins = ['text', 'title', 'editor'] as const;
export type LinkOrigin = (typeof linkOrigins)[number];
