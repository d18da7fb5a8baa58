import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { landingRoute } from './routes/landing.tsx';
import { loginRoute } from './routes/login.tsx';
import { aboutUsRoute } from './routes/about-us.tsx';
import { accountRoute } from './routes/account.tsx';
import { contactRoute } from './routes/contact.tsx';
import { helpCenterRoute } from './routes/help-center.tsx';
import { privacyPolicyRoute } from './routes/privacy-policy.tsx';
import { subscribeRoute } from './routes/subscribe.tsx';
import { subscriptionSuccessRoute } from './routes/subscription-success.tsx';
import { termsOfServiceRoute } from './routes/terms-of-service.tsx';
import { dashboardRoute } from './routes/dashboard.tsx';
import { policyRoute } from './routes/policy.tsx';
import { policyPreviewRoute } from './routes/policy-preview.tsx';
import { policyCompareRoute } from './routes/policy-compare.tsx';
import { searchRoute } from './routes/search.tsx';
import { analyticsRoute, departmentRoute, topicRoute } from './routes/analytics.tsx';
import { adminRoute } from './routes/admin.tsx';
import { statusRoute } from './routes/status.tsx';
import { auditTestRoute } from './routes/audit-test.tsx';
import { NotFoundCard, rootRoute } from './routes/root.tsx';

const routeTree = rootRoute.addChildren([
  landingRoute,
  loginRoute,
  accountRoute,
  subscribeRoute,
  subscriptionSuccessRoute,
  privacyPolicyRoute,
  termsOfServiceRoute,
  helpCenterRoute,
  aboutUsRoute,
  contactRoute,
  dashboardRoute,
  searchRoute,
  analyticsRoute,
  departmentRoute,
  topicRoute,
  policyRoute,
  policyPreviewRoute,
  policyCompareRoute,
  adminRoute,
  statusRoute,
  auditTestRoute,
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through React Query, which owns caching.
    defaultPreloadStaleTime: 0,
    // Off: each page's last position is restored once its content is in (lib/scroll-restoration.ts);
    // the router's own restores as the page renders, before a late list is there.
    scrollRestoration: false,
    defaultNotFoundComponent: NotFoundCard,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
