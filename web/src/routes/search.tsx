import { createRoute, defaultParseSearch, lazyRouteComponent, type SearchMiddleware } from '@tanstack/react-router';
import { criteriaParams, readCriteriaParams } from '../../../api/shared/criteria-params.ts';
import type { SearchCriteria } from '../../../api/shared/search.ts';
import { rootRoute } from './root.tsx';

type SearchPageCriteria = Partial<SearchCriteria>;

/**
 * The page holds criteria; its address holds their one serialisation (criteriaParams), decoded as
 * the router decodes an address so that the router writes it back unchanged. The router types
 * the address as the page's search, hence the cast.
 */
const writeCriteriaParams: SearchMiddleware<SearchPageCriteria> = ({ search, next }) =>
  defaultParseSearch(`?${new URLSearchParams(criteriaParams(next(search)))}`) as SearchPageCriteria;

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: (params: Record<string, unknown>): SearchPageCriteria => readCriteriaParams(params),
  search: { middlewares: [writeCriteriaParams] },
  component: lazyRouteComponent(() => import('../search/search-page.tsx'), 'SearchPage'),
});
