import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { readAnalyticsSearch, writeAnalyticsAddress } from '../analytics/analytics-address.ts';
import { rootRoute } from './root.tsx';

export const analyticsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/analytics',
  validateSearch: readAnalyticsSearch,
  search: { middlewares: [writeAnalyticsAddress] },
  // The chart library lives in this chunk only, never in the landing page's.
  component: lazyRouteComponent(() => import('../analytics/analytics-page.tsx'), 'AnalyticsPage'),
});

export const departmentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/departments/$code',
  validateSearch: readAnalyticsSearch,
  search: { middlewares: [writeAnalyticsAddress] },
  component: lazyRouteComponent(() => import('../analytics/subject-page.tsx'), 'DepartmentPage'),
});

export const topicRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/topics/$code',
  validateSearch: readAnalyticsSearch,
  search: { middlewares: [writeAnalyticsAddress] },
  component: lazyRouteComponent(() => import('../analytics/subject-page.tsx'), 'TopicPage'),
});
