import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

export const helpCenterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/help-center',
  component: lazyRouteComponent(() => import('./help-center.lazy.tsx'), 'HelpCenterPage'),
});
