import { addMonths } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { advanceLocalSubscription } from './local-calendar.ts';

describe('the local provider calendar', () => {
  const start = new Date('2026-01-31T08:00:00Z');
  const end = new Date('2026-02-07T08:00:00Z');
  const trial = { status: 'trialing', currentPeriodStart: start, currentPeriodEnd: end, cancelAtPeriodEnd: false } as const;

  it('changes nothing before the period ends', () => {
    expect(advanceLocalSubscription(trial, new Date('2026-02-07T07:59:59Z'))).toBeNull();
  });

  it('bills the month after a trial, and every month after that', () => {
    expect(advanceLocalSubscription(trial, end)).toEqual({ ...trial, status: 'active', currentPeriodStart: end, currentPeriodEnd: addMonths(end, 1) });
    const threeMonthsOn = advanceLocalSubscription(trial, addMonths(end, 2));
    expect(threeMonthsOn).toEqual({ ...trial, status: 'active', currentPeriodStart: addMonths(end, 2), currentPeriodEnd: addMonths(end, 3) });
  });

  it('ends a subscription set to cancel, and makes an overdue one unpaid, at the period end', () => {
    expect(advanceLocalSubscription({ ...trial, cancelAtPeriodEnd: true }, end)).toEqual({ ...trial, cancelAtPeriodEnd: true, status: 'canceled' });
    expect(advanceLocalSubscription({ ...trial, status: 'past_due' }, end)).toEqual({ ...trial, status: 'unpaid' });
  });

  it('leaves ended and unpaid subscriptions alone', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'inactive'] as const) {
      expect(advanceLocalSubscription({ ...trial, status }, addMonths(end, 5))).toBeNull();
    }
  });
});
