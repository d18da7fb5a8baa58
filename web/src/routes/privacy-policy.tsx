import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

export const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy-policy',
  component: lazyRouteComponent(() => import('./privacy-policy.lazy.tsx'), 'PrivacyPolicyPage'),
});
