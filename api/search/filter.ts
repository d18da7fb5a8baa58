import type { FilterField } from '../../vocabulary/search-index.ts';

/**
 * Builders for Meilisearch filter expressions. The field is always one of our own field names
 * (typed), and a value is either a finite number or a string that is quoted and escaped here:
 * no request text is ever spliced into an expression.
 */

/** A string as a Meilisearch filter literal: in double quotes, with `\` and `"` escaped. */
export function quote(value: string): string {
  return `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

function literal(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`A filter number must be finite, got ${value}`);
    return String(value);
  }
  return quote(value);
}

type ComparisonOperator = '=' | '!=' | '>=' | '<=' | '>' | '<';

export function compare(field: FilterField, operator: ComparisonOperator, value: string | number): string {
  return `${field} ${operator} ${literal(value)}`;
}

export function anyOf(field: FilterField, values: readonly (string | number)[]): string {
  return `${field} IN [${values.map(literal).join(', ')}]`;
}

/** Expressions of which one must hold, as one expression. */
export function eitherOf(expressions: readonly string[]): string {
  return expressions.length === 1 ? expressions[0]! : expressions.map((expression) => `(${expression})`).join(' OR ');
}
