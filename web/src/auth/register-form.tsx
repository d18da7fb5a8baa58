import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { serverMessage } from '../api/client.ts';
import { toast } from '../components/toaster.tsx';
import { afterSignIn, useGoToDestination } from './after-sign-in.ts';
import { PasswordRequirementList, PasswordStrengthMeter, passwordRuleError } from './password-strength.tsx';
import { register, useSessionCache, type RegisterInput } from './session.ts';

/** The form's fields: what POST /api/auth/register takes, each as the text typed, and the confirmation. */
type RegisterFields = Record<keyof RegisterInput | 'confirmPassword', string>;

/** The login page's Register tab: a new account, signed in at once, then on to the destination. */
export function RegisterForm() {
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
