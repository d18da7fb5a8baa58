import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

export const aboutUsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about-us',
  component: lazyRouteComponent(() => import('./about-us.lazy.tsx'), 'AboutUsPage'),
});
