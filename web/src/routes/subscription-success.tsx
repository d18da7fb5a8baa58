import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root.tsx';

/** Stripe (or the local provider) returns here with `?session_id=...`. */
export const subscriptionSuccessSearchSchema = z.object({
  session_id: z
    .unknown()
    .transform((value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined))
    .optional(),
});

export const subscriptionSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/subscription-success',
  validateSearch: subscriptionSuccessSearchSchema,
  component: lazyRouteComponent(() => import('./subscription-success.lazy.tsx'), 'SubscriptionSuccessPage'),
});
