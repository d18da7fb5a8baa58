import { useQuery } from '@tanstack/react-query';
import { useMatch, useNavigate, useRouter, type RouteComponent } from '@tanstack/react-router';
import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { LoadingSpinner } from '../components/spinner.tsx';
import { toast } from '../components/toaster.tsx';
import { currentUserQuery, type CurrentUser } from './current-user.ts';

export type Role = CurrentUser['role'];
export type RequireAuthOptions = { role?: Role };

/**
 * The route guard of spec section 2. It refetches the current user every time it mounts (every
 * check), shows "Verifying authentication..." until it knows, sends visitors to
 * /login?redirect={this page} with one "Authentication required" toast per attempt, and sends a
 * user whose role is not exactly `role` to /dashboard, rendering nothing.
 */
export function RequireAuth({ role, children }: RequireAuthOptions & { children: ReactNode }) {
  const navigate = useNavigate();
  // The guarded page's own address, from its route match: during a navigation away the router's
  // location is already the next page while this one is still on screen.
  const router = useRouter();
  const href = useMatch({ strict: false, select: (match) => `${match.pathname}${router.options.stringifySearch(match.search)}` });
  const { data: user, isFetching } = useQuery({ ...currentUserQuery, refetchOnMount: 'always' });
  const verdict = user ? (role && user.role !== role ? 'wrong-role' : 'allowed') : isFetching ? 'verifying' : 'signed-out';
  // Once per mount: while the redirect is pending the router's location is already /login, and
  // reacting to that would nest redirect parameters.
  const redirected = useRef(false);

  useEffect(() => {
    if (redirected.current || verdict === 'verifying' || verdict === 'allowed') return;
    redirected.current = true;
    if (verdict === 'signed-out') {
      toast({ title: 'Authentication required', description: 'Please sign in to access this page', variant: 'destructive' });
      void navigate({ to: '/login', search: { redirect: href }, replace: true });
    } else {
      toast({ title: 'Access Denied', description: `You need ${role} privileges to access this page`, variant: 'destructive' });
      void navigate({ href: '/dashboard', replace: true });
    }
  }, [verdict, href, role, navigate]);

  if (verdict === 'verifying') return <LoadingSpinner label="Verifying authentication..." />;
  if (verdict !== 'allowed') return null;
  return <>{children}</>;
}

/**
 * Wraps a route component in the guard: `component: withRequireAuth(DashboardPage)` or
 * `component: withRequireAuth(lazyRouteComponent(() => import('./x.lazy.tsx'), 'XPage'), { role: 'admin' })`.
 * A lazy component's `preload` is kept so the router still fetches its chunk while loading the route.
 */
export function withRequireAuth(Page: RouteComponent | ComponentType, options: RequireAuthOptions = {}): RouteComponent {
  const Guarded: RouteComponent = () => (
    <RequireAuth role={options.role}>
      <Page />
    </RequireAuth>
  );
  if ('preload' in Page && Page.preload) Guarded.preload = Page.preload;
  return Guarded;
}
