import { createRoute, lazyRouteComponent, type SearchMiddleware } from '@tanstack/react-router';
import { readCriteriaParams } from '../../../api/shared/criteria-params.ts';
import type { SearchCriteria } from '../../../api/shared/search.ts';
import { searchAddressOf } from '../search/search-address.ts';
import { rootRoute } from './root.tsx';

type SearchPageCriteria = Partial<SearchCriteria>;

/**
 * The page holds criteria, its address their one serialisation. The router types what it writes
 * as the page's search, hence the cast: the address is read back into criteria by validateSearch.
 */
const writeSearchAddress: SearchMiddleware<SearchPageCriteria> = ({ search, next }) => searchAddressOf(next(search)) as SearchPageCriteria;

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: (params: Record<string, unknown>): SearchPageCriteria => readCriteriaParams(params),
  search: { middlewares: [writeSearchAddress] },
  component: lazyRouteComponent(() => import('../search/search-page.tsx'), 'SearchPage'),
});
