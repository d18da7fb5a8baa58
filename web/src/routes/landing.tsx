import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // The landing page (its header menu, accordion and sections) in a chunk of its own, so the first
  // load of every other page does without it (issue 46 item 12).
  component: lazyRouteComponent(() => import('./landing.lazy.tsx'), 'LandingPage'),
});
