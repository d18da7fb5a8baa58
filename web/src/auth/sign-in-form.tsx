import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { serverMessage } from '../api/client.ts';
import { login, useSessionCache } from './session.ts';
import { toast } from '../components/toaster.tsx';

/**
 * Email-or-username and password, as the login page and the landing page's Sign In dialog both
 * ask for them. `onSignedIn` decides where the user goes next.
 */
export function SignInForm({ onSignedIn, ariaLabel }: { onSignedIn: () => Promise<unknown> | void; ariaLabel?: string }) {
  const id = useId();
  const session = useSessionCache();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const signIn = useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      session.signedIn(user);
      toast({ title: 'Welcome back!', description: 'You have successfully logged in.' });
      await onSignedIn();
    },
    onError: (error) =>
      toast({
        title: 'Login failed',
        description: serverMessage(error) ?? 'Please check your credentials and try again.',
        variant: 'destructive',
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate({ username: username.trim(), password });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={ariaLabel}>
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
