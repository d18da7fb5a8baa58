import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

export const statusRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/status',
  component: lazyRouteComponent(() => import('./status.lazy.tsx'), 'StatusPage'),
});
