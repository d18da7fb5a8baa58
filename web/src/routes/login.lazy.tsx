import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { serverMessage } from '../api/client.ts';
import { currentUserQuery } from '../auth/current-user.ts';
import { register, useSessionCache, type RegisterInput } from '../auth/session.ts';
import { Logo } from '../components/logo.tsx';
import { SignInForm } from '../auth/sign-in-form.tsx';
import { PasswordRequirementList, PasswordStrengthMeter, passwordRuleError } from '../auth/password-strength.tsx';
import { LoadingSpinner } from '../components/spinner.tsx';
import { toast } from '../components/toaster.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { loginRoute } from './login.tsx';

/** Where to go once signed in: the validated `redirect` parameter, else the dashboard. */
function useGoToDestination() {
  const navigate = useNavigate();
  const { redirect } = loginRoute.useSearch();
  return useCallback(() => navigate({ href: redirect ?? '/dashboard', replace: true }), [navigate, redirect]);
}

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

function afterSignIn() {
  // Spec: after login the page scrolls to top after 50 ms.
  setTimeout(() => window.scrollTo({ top: 0 }), 50);
}

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

/** The form's fields: what POST /api/auth/register takes, each as the text typed, and the confirmation. */
type RegisterFields = Record<keyof RegisterInput | 'confirmPassword', string>;

function RegisterForm() {
  const id = useId();
  const session = useSessionCache();
  const goToDestination = useGoToDestination();
  const [fields, setFields] = useState<RegisterFields>({ username: '', email: '', name: '', company: '', password: '', confirmPassword: '' });
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const createAccount = useMutation({
    mutationFn: register,
    onSuccess: async (user) => {
      session.signedIn(user);
      toast({ title: 'Success', description: 'Account created successfully! You are now logged in.' });
      await goToDestination();
      afterSignIn();
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error) ?? 'Registration failed', variant: 'destructive' }),
  });

  const set = (field: keyof RegisterFields) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setFields((current) => ({ ...current, [field]: event.target.value }));
    if (field === 'password') setPasswordError(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (fields.password !== fields.confirmPassword) {
      toast({ title: 'Passwords do not match', description: 'Please make sure both passwords are the same.', variant: 'destructive' });
      return;
    }
    const ruleError = passwordRuleError(fields.password);
    if (ruleError) {
      setPasswordError(ruleError);
      return;
    }
    const { confirmPassword: _confirm, ...input } = fields;
    createAccount.mutate({ ...input, username: input.username.trim(), email: input.email.trim(), name: input.name.trim(), company: input.company.trim() });
  }

  const input = (field: keyof RegisterFields, label: string, type: string, autoComplete: string, required = true) => (
    <div>
      <label htmlFor={`${id}-${field}`} className="label">
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        type={type}
        className="input"
        autoComplete={autoComplete}
        required={required}
        value={fields[field]}
        onChange={set(field)}
        aria-invalid={field === 'password' && passwordError ? true : undefined}
        aria-describedby={field === 'password' ? `${id}-password-help` : undefined}
      />
    </div>
  );

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Register">
      {input('username', 'Username', 'text', 'username')}
      {input('email', 'Email', 'email', 'email')}
      {input('name', 'Full Name', 'text', 'name')}
      {input('company', 'Company (optional)', 'text', 'organization', false)}
      <div>
        {input('password', 'Password', 'password', 'new-password')}
        <div id={`${id}-password-help`}>
          {passwordError && <p className="mt-1 text-xs text-red-700">{passwordError}</p>}
          <PasswordStrengthMeter password={fields.password} reading="signup" />
          <PasswordRequirementList password={fields.password} />
        </div>
      </div>
      {input('confirmPassword', 'Confirm Password', 'password', 'new-password')}
      <button type="submit" className="btn-primary w-full" disabled={createAccount.isPending}>
        {createAccount.isPending ? 'Creating Account...' : 'Create Account'}
      </button>
    </form>
  );
}
