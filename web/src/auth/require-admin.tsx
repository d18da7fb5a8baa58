import { Link } from '@tanstack/react-router';
import { adminRoles } from '../../../api/shared/admin-schemas.ts';
import { useEffect, useRef, type ComponentType } from 'react';
import type { RouteComponent } from '@tanstack/react-router';
import { useCurrentUser } from './current-user.ts';
import { withRequireAuth } from './require-auth.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { PageLayout } from '../components/page-layout.tsx';
import { toast } from '../components/toaster.tsx';

/** Whether the user may use the back office; the server enforces the same rule on every call. */
export const isAdmin = (role: string) => (adminRoles as readonly string[]).includes(role);

/** The spec's Access Denied screen: what is missing, the reader's role in a debug box, a way back. */
export function AccessDenied({ role }: { role: string }) {
  usePageTitle('Access Denied');
  const toasted = useRef(false);
  useEffect(() => {
    if (toasted.current) return;
    toasted.current = true;
    toast({ title: 'Access Denied', description: 'You need admin privileges to access this page', variant: 'destructive' });
  }, []);
  return (
    <PageLayout>
      <div className="mx-auto max-w-lg px-4 py-16">
        <div className="card p-6 text-center">
          <h1 className="text-2xl font-bold text-slate-950">Access Denied</h1>
          <p className="mt-2 text-slate-700">You need admin privileges to access this page.</p>
          <div className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-left font-mono text-sm text-slate-800" aria-label="Debug information">
            <p>Your role: {role}</p>
            <p>Required role: admin or super_admin</p>
          </div>
          <Link to="/dashboard" className="btn-primary mt-6 inline-flex">
            Return to Dashboard
          </Link>
        </div>
      </div>
    </PageLayout>
  );
}

function AdminOnly({ Page }: { Page: ComponentType }) {
  const { data: user } = useCurrentUser();
  // RequireAuth has just loaded the user; a visitor never gets here.
  if (!user) return null;
  if (!isAdmin(user.role)) return <AccessDenied role={user.role} />;
  return <Page />;
}

/**
 * An admin page's guard: visitors go to /login?redirect=... (RequireAuth), signed-in readers of
 * another role see Access Denied, admins and super_admins see the page.
 */
export function withRequireAdmin(Page: RouteComponent | ComponentType): RouteComponent {
  const Guarded: RouteComponent = () => <AdminOnly Page={Page} />;
  if ('preload' in Page && Page.preload) Guarded.preload = Page.preload;
  return withRequireAuth(Guarded);
}
