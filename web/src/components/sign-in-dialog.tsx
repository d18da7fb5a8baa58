import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client.ts';
import { login, useSessionCache } from '../auth/session.ts';
import { toast } from './toaster.tsx';

/** The landing page's Sign In dialog (username, password); success goes to /dashboard. */
export function SignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl sm:p-6">
          <Dialog.Title className="text-xl font-bold text-slate-900">Sign In</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">Welcome back. Sign in to open your dashboard.</Dialog.Description>
          <SignInForm onDone={() => onOpenChange(false)} />
          <Dialog.Close className="absolute top-3 right-3 rounded p-1 text-xl leading-none text-slate-700 hover:bg-slate-100" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SignInForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const session = useSessionCache();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const signIn = useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      session.signedIn(user);
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
      onDone();
      await navigate({ href: '/dashboard' });
    },
    onError: (error) =>
      toast({
        title: 'Login failed',
        description: (error instanceof ApiError && error.serverMessage) || 'Please check your credentials and try again.',
        variant: 'destructive',
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate({ username: username.trim(), password });
  }

  return (
    <form onSubmit={submit} className="mt-5 space-y-4">
      <div>
        <label htmlFor={`${id}-username`} className="label">
          Email or Username
        </label>
        <input id={`${id}-username`} className="input" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="label">
          Password
        </label>
        <input
          id={`${id}-password`}
          type="password"
          className="input"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
