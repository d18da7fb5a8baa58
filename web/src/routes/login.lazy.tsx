import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useEffect } from 'react';
import { afterSignIn, useGoToDestination } from '../auth/after-sign-in.ts';
import { currentUserQuery } from '../auth/current-user.ts';
import { RegisterForm } from '../auth/register-form.tsx';
import { SignInForm } from '../auth/sign-in-form.tsx';
import { Logo } from '../components/logo.tsx';
import { LoadingSpinner } from '../components/spinner.tsx';
import { usePageTitle } from '../lib/page-title.ts';

export function LoginPage() {
  usePageTitle('Sign In');
  // The login page always asks the server: a cached user may already have been signed out.
  const { data: user, isFetchedAfterMount } = useQuery({ ...currentUserQuery, refetchOnMount: 'always' });
  const goToDestination = useGoToDestination();
  const signedIn = !!user && isFetchedAfterMount;

  useEffect(() => {
    if (signedIn) void goToDestination();
  }, [signedIn, goToDestination]);

  // Only the first check shows the spinner: a later background refetch must not unmount a half-filled form.
  if (!isFetchedAfterMount || user) return <LoadingSpinner label="Checking authentication status..." />;

  return (
    <main id="main-content" className="flex min-h-[calc(100vh-44px)] items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <Logo />
          <h1 className="mt-4 text-2xl font-bold text-slate-950">Welcome</h1>
          <p className="mt-1 text-sm text-slate-700">Sign in to your account or create a new one.</p>
        </div>
        <div className="card p-5 sm:p-7">
          <Tabs.Root defaultValue="login">
            <Tabs.List aria-label="Sign in or register" className="grid grid-cols-2 rounded-md bg-slate-100 p-1">
              <Tabs.Trigger value="login" className={tabClass}>
                Login
              </Tabs.Trigger>
              <Tabs.Trigger value="register" className={tabClass}>
                Register
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="login" className="mt-6">
              <LoginForm />
            </Tabs.Content>
            <Tabs.Content value="register" className="mt-6">
              <RegisterForm />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      </div>
    </main>
  );
}

const tabClass =
  'rounded px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-950 data-[state=active]:shadow-sm';

function LoginForm() {
  const goToDestination = useGoToDestination();
  return (
    <SignInForm
      ariaLabel="Login"
      onSignedIn={async () => {
        await goToDestination();
        afterSignIn();
      }}
    />
  );
}
