import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { createSignupCheckout, fullAccessPlan, type SignupInput } from '../api/billing.ts';
import { serverMessage } from '../api/client.ts';
import { currentUserQuery } from './current-user.ts';
import { PasswordRequirementList, PasswordStrengthMeter, passwordRuleError } from './password-strength.tsx';
import { toast } from '../components/toaster.tsx';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type FieldErrors = Partial<Record<keyof SignupInput, string>>;

function validate(input: SignupInput): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.firstName.trim()) errors.firstName = 'First name is required';
  if (!input.lastName.trim()) errors.lastName = 'Last name is required';
  if (!emailPattern.test(input.email.trim())) errors.email = 'Please enter a valid email address';
  const passwordError = passwordRuleError(input.password);
  if (passwordError) errors.password = passwordError;
  return errors;
}

/** Spec: the first server error message, else the server message, else 'Failed to create account'. */
function signupErrorText(error: unknown): string {
  return serverMessage(error) ?? 'Failed to create account';
}

/**
 * "Create your account": the landing page's signup. The server creates the account, signs the new
 * user in and answers the checkout address where the 7-day trial starts.
 */
export function SignupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl sm:p-6">
          <Dialog.Title className="text-xl font-bold text-slate-900">Create your account</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            Start your {fullAccessPlan.trialDays}-day free trial of {fullAccessPlan.name}. You will confirm your payment details at checkout.
          </Dialog.Description>
          <SignupForm onDone={() => onOpenChange(false)} />
          <Dialog.Close className="absolute top-3 right-3 rounded p-1 text-xl leading-none text-slate-700 hover:bg-slate-100" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SignupForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [input, setInput] = useState<SignupInput>({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const signup = useMutation({
    mutationFn: createSignupCheckout,
    onSuccess: async (response) => {
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      if (response?.checkoutUrl) {
        toast({ title: 'Account Created!', description: 'Redirecting to payment page...' });
        window.location.assign(response.checkoutUrl);
        return;
      }
      toast({ title: 'Success!', description: 'Your account has been created. Redirecting to dashboard...' });
      onDone();
      await navigate({ href: '/dashboard' });
    },
    onError: (error) => toast({ title: 'Signup Error', description: signupErrorText(error), variant: 'destructive' }),
  });

  const set = (field: keyof SignupInput) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setInput((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(input);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    signup.mutate({ ...input, firstName: input.firstName.trim(), lastName: input.lastName.trim(), email: input.email.trim() });
  }

  const field = (name: keyof SignupInput, label: string, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className="input"
        value={input[name]}
        onChange={set(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : name === 'password' ? `${id}-password-rules` : undefined}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-xs text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First name', 'text', 'given-name')}
        {field('lastName', 'Last name', 'text', 'family-name')}
      </div>
      {field('email', 'Email', 'email', 'email')}
      <div>
        {field('password', 'Password', 'password', 'new-password')}
        <PasswordStrengthMeter password={input.password} reading="signup" />
        <PasswordRequirementList password={input.password} id={`${id}-password-rules`} />
      </div>
      <PlanPanel />
      <button type="submit" className="btn-primary w-full py-2.5" disabled={signup.isPending}>
        {signup.isPending ? 'Creating Account...' : 'Complete Signup'}
      </button>
    </form>
  );
}

function PlanPanel() {
  return (
    <section aria-label="Selected plan" className="rounded-md border border-brand-700/30 bg-brand-50 p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{fullAccessPlan.name}</h3>
        <p className="text-sm text-slate-900">
          <span className="text-lg font-bold">${fullAccessPlan.monthlyPriceUsd}</span>/month per user
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {fullAccessPlan.trialDays}-day free trial, then billed monthly. Cancel anytime from your account settings.
      </p>
    </section>
  );
}
