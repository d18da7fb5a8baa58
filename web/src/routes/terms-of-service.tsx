import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

export const termsOfServiceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms-of-service',
  component: lazyRouteComponent(() => import('./terms-of-service.lazy.tsx'), 'TermsOfServicePage'),
});
