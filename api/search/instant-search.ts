import type { Filter, MultiSearchQuery } from 'meilisearch';
import { z } from 'zod';
import { matchesEveryWord } from '../../vocabulary/search-order.ts';
import { normaliseQuery } from '../shared/search.ts';
import { textProblem } from '../shared/text-rules.ts';
import { between, compare, type ComparisonOperator } from './filter.ts';
import {
  facetFields,
  filterFields,
  highlightFields,
  instantSearchSorts,
  passageCropLength,
  publicFields,
  publicIndexUid,
  searchableFieldsFor,
  searchOnFields,
  subscriberOnlyHighlightFields,
  type FilterField,
  type SearchReader,
} from './policy-index.ts';

/**
 * The guard in front of Meilisearch for react-instantsearch (through instant-meilisearch): the
 * body of `POST /multi-search` as that client sends it, accepted only for the policies index,
 * with an allow-list of parameters, capped values, and filters re-built from parsed, validated
 * values. Unknown parameters are refused, not dropped, so a misconfigured widget fails loudly in
 * development.
 */

/** Largest page a browser may ask for (instant-meilisearch asks for one hit more than a page when scrolling). */
const maxHitsPerPage = 100;
/** Deepest offset a browser may page to; Meilisearch stops counting at its maxTotalHits anyway. */
const maxOffset = 10_000;
const maxQueriesPerRequest = 10;
const maxFilterExpressions = 100;

/** Attribute lists accept "*", which means "every field allowed here", never every field of the document. */
function fieldList<const T extends readonly string[]>(fields: T) {
  return z.array(z.enum(['*', ...fields], { error: `must be among ${fields.join(', ')}` })).max(50);
}

const croppable = [...highlightFields, ...subscriberOnlyHighlightFields];
const cropFieldSchema = z
  .string()
  .regex(new RegExp(`^(\\*|${croppable.join('|')})(:\\d{1,3})?$`), `must be among ${croppable.join(', ')}`);

const markerSchema = z.string().max(50);

const filterSchema = z.union([z.string().max(2000), z.array(z.union([z.string().max(2000), z.array(z.string().max(2000)).max(50)])).max(50)]);

const searchParamsShape = {
  q: z.string().max(10_000).nullish(),
  facets: z.array(z.enum(facetFields, { error: `must be among ${facetFields.join(', ')}` })).max(facetFields.length).optional(),
  filter: filterSchema.optional(),
  attributesToRetrieve: fieldList(publicFields).optional(),
  attributesToHighlight: fieldList([...highlightFields, ...subscriberOnlyHighlightFields]).optional(),
  attributesToCrop: z.array(cropFieldSchema).max(10).optional(),
  cropLength: z.number().int().min(1).max(200).optional(),
  cropMarker: markerSchema.optional(),
  highlightPreTag: markerSchema.optional(),
  highlightPostTag: markerSchema.optional(),
  hitsPerPage: z.number().int().min(0).max(maxHitsPerPage, `must be at most ${maxHitsPerPage}`).optional(),
  page: z.number().int().min(0).max(maxOffset).optional(),
  limit: z.number().int().min(0).max(maxHitsPerPage + 1, `must be at most ${maxHitsPerPage + 1}`).optional(),
  offset: z.number().int().min(0).max(maxOffset, `must be at most ${maxOffset}`).optional(),
  sort: z.array(z.enum(instantSearchSorts, { error: `must be among ${instantSearchSorts.join(', ')}` })).max(1).optional(),
  matchingStrategy: z.enum(['last', 'all', 'frequency']).optional(),
  showRankingScore: z.boolean().optional(),
  attributesToSearchOn: z.array(z.enum(searchOnFields, { error: `must be among ${searchOnFields.join(', ')}` })).max(searchOnFields.length).nullish(),
};

const indexUidSchema = z.literal(publicIndexUid, { error: `only the "${publicIndexUid}" index can be searched` });

export const multiSearchBodySchema = z.strictObject({
  queries: z.array(z.strictObject({ indexUid: indexUidSchema, ...searchParamsShape })).min(1).max(maxQueriesPerRequest),
});

type SearchParams = z.output<z.ZodObject<typeof searchParamsShape>>;

/** Why a filter was refused, for the 400's message. */
export class FilterRejected extends Error {}

/** A field the reader may not search was asked for, for the 403's message. */
export class SearchFieldForbidden extends Error {}

function resolveFields<T extends string>(requested: readonly string[] | undefined, allowed: readonly T[]): T[] | undefined {
  if (!requested) return undefined;
  return requested.includes('*') ? [...allowed] : (requested as T[]);
}

/** The Meilisearch query for one validated InstantSearch query, on the real index. */
export function toMeilisearchQuery(params: SearchParams, indexUid: string, reader: SearchReader): MultiSearchQuery {
  const readable = searchableFieldsFor(reader);
  const forbidden = params.attributesToSearchOn?.filter((field) => !readable.includes(field)) ?? [];
  if (forbidden.length) throw new SearchFieldForbidden(`${forbidden.join(', ')} can be searched by subscribers only`);

  // The full translation comes back only as a passage around the match, cropped to the passage
  // length (highlighted alone, Meilisearch would send it whole), and only to an entitled reader.
  // The dashboard asks for it whoever reads; for anyone else the ask is dropped, not refused:
  // their query never searches that text, so it holds no match for them to see.
  const isPassage = (field: string) => (subscriberOnlyHighlightFields as readonly string[]).includes(field.split(':')[0]!);
  const highlighted = resolveFields(params.attributesToHighlight, highlightFields);
  const cropped = params.attributesToCrop?.flatMap((field) => (field.startsWith('*') ? highlightFields.map((name) => name + field.slice(1)) : [field]));
  const passage = reader.entitled && [...(highlighted ?? []), ...(cropped ?? [])].some(isPassage);
  const publicHighlights = highlighted?.filter((field) => !isPassage(field));
  const publicCrops = cropped?.filter((field) => !isPassage(field));
  const q = normaliseQuery(params.q ?? undefined);
  return {
    indexUid,
    q,
    facets: params.facets,
    filter: params.filter === undefined ? undefined : rebuildFilter(params.filter),
    // Never Meilisearch's default (every displayed field): only the public fields leave the server.
    attributesToRetrieve: resolveFields(params.attributesToRetrieve, publicFields) ?? [...publicFields],
    attributesToHighlight: passage ? [...(publicHighlights ?? highlightFields), 'englishTranslation'] : publicHighlights,
    attributesToCrop: passage ? [...(publicCrops ?? []), `englishTranslation:${passageCropLength}`] : publicCrops,
    cropLength: params.cropLength,
    cropMarker: params.cropMarker,
    highlightPreTag: params.highlightPreTag,
    highlightPostTag: params.highlightPostTag,
    hitsPerPage: params.hitsPerPage,
    page: params.page,
    limit: params.limit,
    offset: params.offset,
    sort: params.sort,
    // Unless the client chose, a sorted query matches as the search page's does (vocabulary/search-order.ts).
    matchingStrategy: params.matchingStrategy ?? (matchesEveryWord(Boolean(params.sort?.length), q) ? 'all' : undefined),
    showRankingScore: params.showRankingScore,
    attributesToSearchOn: params.attributesToSearchOn ?? readable,
  };
}

/**
 * Re-builds an InstantSearch filter (top level: all must hold; nested list: one must hold) from
 * parsed expressions, so nothing the browser wrote reaches Meilisearch except validated values.
 */
export function rebuildFilter(filter: Filter): Filter {
  const groups = typeof filter === 'string' ? [filter] : filter;
  let count = 0;
  const rebuild = (expression: string) => {
    if (++count > maxFilterExpressions) throw new FilterRejected(`at most ${maxFilterExpressions} filter expressions`);
    return rebuildExpression(expression);
  };
  return groups.map((group) => (typeof group === 'string' ? rebuild(group) : group.map(rebuild)));
}

type Token = { kind: 'quoted' | 'word'; text: string };

/**
 * Parses one expression of the forms instant-meilisearch writes: `"field"="value"`,
 * `"field">=3`, `"field" 3 TO 8` (field names may also be bare), and writes it anew.
 */
export function rebuildExpression(expression: string): string {
  const scanner = new Scanner(expression);
  const fieldToken = scanner.operand();
  if (!fieldToken) throw new FilterRejected(`unsupported filter expression ${JSON.stringify(expression)}`);
  const field = fieldToken.text;
  if (!Object.hasOwn(filterFields, field)) {
    throw new FilterRejected(`cannot filter on ${JSON.stringify(field)}; filterable: ${Object.keys(filterFields).join(', ')}`);
  }
  const filterField = field as FilterField;
  const { kind, equality, comparison } = filterFields[filterField];
  const operator = scanner.operator();
  const first = scanner.operand();
  if (!first) throw new FilterRejected(`unsupported filter expression ${JSON.stringify(expression)}`);

  if (operator === null) {
    // "field" 3 TO 8: a numeric range.
    const to = scanner.operand();
    const second = scanner.operand();
    if (kind !== 'number' || to?.kind !== 'word' || to.text.toUpperCase() !== 'TO' || !second || !scanner.atEnd()) {
      throw new FilterRejected(`unsupported filter expression ${JSON.stringify(expression)}`);
    }
    if (!comparison) throw new FilterRejected(`${field} cannot be filtered by range`);
    return between(filterField, toNumber(first, field), toNumber(second, field));
  }
  if (!scanner.atEnd()) throw new FilterRejected(`unsupported filter expression ${JSON.stringify(expression)}`);
  const isEquality = operator === '=' || operator === '!=';
  if (isEquality ? !equality : !comparison) throw new FilterRejected(`${field} cannot be filtered with ${operator}`);
  if (kind === 'number') return compare(filterField, operator, toNumber(first, field));
  // The value as unescaped here is what Meilisearch receives: it passes the request's text rule
  // again (a well-formed body cannot unescape to a lone surrogate today; the scanner may change).
  if (first.text.length > 200 || /[\u0000-\u001f\u007f]/.test(first.text) || textProblem(first.text)) {
    throw new FilterRejected(`invalid value for ${field}`);
  }
  return compare(filterField, operator, first.text);
}

function toNumber(token: Token, field: string): number {
  if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(token.text)) throw new FilterRejected(`${field} takes a number, got ${JSON.stringify(token.text)}`);
  return Number(token.text);
}

class Scanner {
  private position = 0;
  constructor(private readonly text: string) {}

  private skipSpaces() {
    while (this.text[this.position] === ' ') this.position++;
  }

  atEnd(): boolean {
    this.skipSpaces();
    return this.position === this.text.length;
  }

  operator(): ComparisonOperator | null {
    this.skipSpaces();
    for (const operator of ['!=', '>=', '<=', '=', '>', '<'] as const) {
      if (this.text.startsWith(operator, this.position)) {
        this.position += operator.length;
        return operator;
      }
    }
    return null;
  }

  /** A double-quoted string (backslash escapes any character) or a bare word. */
  operand(): Token | null {
    this.skipSpaces();
    if (this.text[this.position] === '"') {
      let value = '';
      for (let index = this.position + 1; index < this.text.length; index++) {
        const character = this.text[index]!;
        if (character === '\\' && index + 1 < this.text.length) {
          value += this.text[++index];
        } else if (character === '"') {
          this.position = index + 1;
          return { kind: 'quoted', text: value };
        } else {
          value += character;
        }
      }
      return null;
    }
    const word = /^[A-Za-z0-9_.-]+/.exec(this.text.slice(this.position));
    if (!word) return null;
    this.position += word[0].length;
    return { kind: 'word', text: word[0] };
  }
}
