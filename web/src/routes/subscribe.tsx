import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { withRequireAuth } from '../auth/require-auth.tsx';
import { rootRoute } from './root.tsx';

export const subscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/subscribe',
  // `checkout=cancelled`: back from a checkout cancelled during signup (the account is kept).
  validateSearch: z.object({ checkout: z.literal('cancelled').optional().catch(undefined) }),
  component: withRequireAuth(lazyRouteComponent(() => import('./subscribe.lazy.tsx'), 'SubscribePage')),
});
