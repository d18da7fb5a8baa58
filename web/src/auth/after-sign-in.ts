import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

const loginRoute = getRouteApi('/login');

/** Where to go once signed in on the login page: the validated `redirect` parameter, else the dashboard. */
export function useGoToDestination() {
  const navigate = useNavigate();
  const { redirect } = loginRoute.useSearch();
  return useCallback(() => navigate({ href: redirect ?? '/dashboard', replace: true }), [navigate, redirect]);
}

export function afterSignIn() {
  // Spec: after login the page scrolls to top after 50 ms.
  setTimeout(() => window.scrollTo({ top: 0 }), 50);
}
