import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useState } from 'react';
import { latestPoliciesQuery, type LatestPolicy } from '../api/latest-policies.ts';
import { useCurrentUser, type CurrentUser } from '../auth/current-user.ts';
import { logout, useSessionCache } from '../auth/session.ts';
import { departmentCode } from '../lib/departments.ts';
import { cleanTitle, formatPolicyDate } from '../lib/format.ts';
import { isAdmin } from '../auth/require-admin.tsx';
import { Logo } from './logo.tsx';
import { toast } from './toaster.tsx';

const rotateMs = 10_000;
const fadeMs = 500;

/** The fixed 44 px bar above every page but the landing page: logo, latest-policy ticker, account menu. */
export function TopBar() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-[44px] border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-4 px-3 sm:px-4">
        <Link to={user ? '/dashboard' : '/'} className="flex shrink-0 items-center rounded">
          <Logo />
        </Link>
        <div className="hidden min-w-0 flex-1 md:flex">
          <PolicyTicker user={user} userPending={isPending} />
        </div>
        <nav aria-label="Main" className="ml-auto flex shrink-0 items-center gap-2">
          <Link to="/analytics" className="rounded px-2 py-1 text-sm font-medium text-slate-900 hover:bg-slate-100 [&.active]:underline">
            Analytics
          </Link>
          {user && <AccountMenu user={user} />}
        </nav>
      </div>
    </header>
  );
}

function PolicyTicker({ user, userPending }: { user: CurrentUser | null | undefined; userPending: boolean }) {
  const { data: policies, isPending, isError } = useQuery({ ...latestPoliciesQuery, enabled: !!user });

  useEffect(() => {
    if (isError) toast({ title: 'Error', description: 'Failed to fetch latest policies', variant: 'destructive' });
  }, [isError]);

  let content: React.ReactNode;
  if (userPending || (user && isPending)) content = <span>Loading...</span>;
  else if (!user) content = <span>Please sign in to view policy updates</span>;
  else if (!policies?.length) content = <span>No new policy updates</span>;
  else content = <RotatingPolicies policies={policies.slice(0, 3)} />;

  return (
    <div className="flex min-w-0 items-center gap-2 text-sm text-slate-700" aria-label="Latest policy updates" role="region">
      <span className="shrink-0 rounded bg-brand-700 px-1.5 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">Latest</span>
      {content}
    </div>
  );
}

function RotatingPolicies({ policies }: { policies: LatestPolicy[] }) {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (policies.length < 2) return;
    let fadeTimer: ReturnType<typeof setTimeout>;
    const interval = setInterval(() => {
      setVisible(false);
      fadeTimer = setTimeout(() => {
        setIndex((current) => (current + 1) % policies.length);
        setVisible(true);
      }, fadeMs);
    }, rotateMs);
    return () => {
      clearInterval(interval);
      clearTimeout(fadeTimer);
    };
  }, [policies.length]);

  const policy = policies[index % policies.length]!;
  return (
    <Link
      to="/policy/$id"
      params={{ id: String(policy.id) }}
      className="flex min-w-0 items-center gap-2 rounded transition-opacity duration-500 hover:text-slate-950"
      style={{ opacity: visible ? 1 : 0 }}
      data-testid="ticker-item"
    >
      <span className="shrink-0 font-semibold text-slate-900">{departmentCode(policy.departmentId)}</span>
      <span className="shrink-0 text-slate-600" aria-hidden="true">
        ·
      </span>
      <span className="shrink-0">{formatPolicyDate(policy.time)}</span>
      <span className="shrink-0 text-slate-600" aria-hidden="true">
        ·
      </span>
      <span className="truncate">{cleanTitle(policy.title)}</span>
    </Link>
  );
}

function AccountMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const session = useSessionCache();
  const displayName = user.name || user.username;
  const initial = (displayName || '?').trim().charAt(0).toUpperCase();

  async function signOut() {
    try {
      await logout();
    } catch (error) {
      console.error('Logout failed', error);
      return;
    }
    toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    await navigate({ to: '/' });
    session.signedOut();
  }

  return (
    // Not modal: a modal menu hides the whole page with aria-hidden while focus stays reachable in it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-900 hover:bg-slate-100"
      >
        <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-slate-800 text-xs font-semibold text-white">
          {initial}
        </span>
        <span className="sr-only">Account menu for </span>
        <span className="max-w-40 truncate max-sm:sr-only">{displayName}</span>
        <span aria-hidden="true" className="text-xs">
          ▾
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 text-sm text-slate-900 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block font-medium">{displayName}</span>
            <span className="block truncate text-xs text-slate-700">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className="block cursor-pointer rounded px-2 py-1.5 outline-none data-[highlighted]:bg-slate-100">
            <Link to="/account">Account Settings</Link>
          </DropdownMenu.Item>
          {isAdmin(user.role) && (
            <DropdownMenu.Item asChild className="block cursor-pointer rounded px-2 py-1.5 outline-none data-[highlighted]:bg-slate-100">
              <Link to="/admin">Admin Dashboard</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item
            className="cursor-pointer rounded px-2 py-1.5 outline-none data-[highlighted]:bg-slate-100"
            onSelect={() => void signOut()}
          >
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
