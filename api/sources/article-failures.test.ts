import { describe, expect, it } from 'vitest';
import { nextTryAt } from './article-failures.ts';

describe('the backoff of a failing article', () => {
  const triedAt = new Date('2026-11-24T08:00:00Z');
  const hoursAfter = (attempts: number) => (nextTryAt(attempts, triedAt).getTime() - triedAt.getTime()) / 3_600_000;

  it('waits 30 minutes after the first failure, twice as long after each one more, and at most 7 days', () => {
    expect([1, 2, 3, 4, 8, 9].map(hoursAfter)).toEqual([0.5, 1, 2, 4, 64, 128]);
    expect([10, 20, 1000].map(hoursAfter)).toEqual([168, 168, 168]);
  });
});
