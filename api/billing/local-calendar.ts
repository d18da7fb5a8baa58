import { addMonths } from 'date-fns';
import type { subscriptions } from '../../db/schema/index.ts';

type CalendarState = Pick<typeof subscriptions.$inferSelect, 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>;

/** The local provider bills by calendar month, as the Stripe price does. */
export const nextPeriodEnd = (start: Date) => addMonths(start, 1);

/**
 * What the local provider's calendar has done to a subscription by `now`, as Stripe's would have:
 * a trial or a period that ends renews (the local card never fails on its own), or ends the
 * subscription when it was set to cancel at period end; a past_due period that ends unpaid becomes
 * unpaid. Null when nothing is due. Pure, so the entitlement check can apply it without writing.
 */
export function advanceLocalSubscription<State extends CalendarState>(subscription: State, now: Date): State | null {
  let state = subscription;
  while (state.currentPeriodEnd && state.currentPeriodEnd <= now) {
    const periodEnd: Date = state.currentPeriodEnd;
    if (state.status === 'active' || state.status === 'trialing') {
      state = state.cancelAtPeriodEnd
        ? { ...state, status: 'canceled' }
        : { ...state, status: 'active', currentPeriodStart: periodEnd, currentPeriodEnd: nextPeriodEnd(periodEnd) };
    } else if (state.status === 'past_due') {
      state = { ...state, status: 'unpaid' };
    } else {
      break;
    }
  }
  return state === subscription ? null : state;
}
