import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { searchPageSearchSchema } from '../search/search-params.ts';
import { rootRoute } from './root.tsx';

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: searchPageSearchSchema,
  component: lazyRouteComponent(() => import('../search/search-page.tsx'), 'SearchPage'),
});
