import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { format, isValid, parseISO } from 'date-fns';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { changePassword, deleteAccount, updateProfile } from '../api/account.ts';
import { createBillingPortal, fullAccessPlan, subscriptionQuery, type Subscription } from '../api/billing.ts';
import { ApiError } from '../api/client.ts';
import { currentUserQuery, useCurrentUser, type CurrentUser } from '../auth/current-user.ts';
import { forgetSignedInUser } from '../auth/session.ts';
import { PageLayout } from '../components/page-layout.tsx';
import { PasswordRequirementList, PasswordStrengthMeter, passwordRuleError } from '../components/password-strength.tsx';
import { toast } from '../components/toaster.tsx';
import { usePageTitle } from '../lib/page-title.ts';

const serverMessage = (error: unknown) => (error instanceof ApiError && error.serverMessage) || null;

export function AccountPage() {
  usePageTitle('Account Settings');
  const { data: user } = useCurrentUser();
  return (
    <PageLayout>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <header>
          <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">Account Settings</h1>
          <p className="mt-1 text-slate-700">Manage your profile, password and subscription.</p>
        </header>
        {user ? (
          <>
            <ProfileSection user={user} />
            <PasswordSection />
            <SubscriptionSection />
            <HelpSection />
            <DangerZone />
          </>
        ) : (
          <p className="card p-6 text-slate-800">Please log in to view your account settings.</p>
        )}
      </div>
    </PageLayout>
  );
}

function SettingsCard({ title, description, tone = 'default', children }: { title: string; description?: string; tone?: 'default' | 'danger'; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`card p-5 sm:p-6 ${tone === 'danger' ? 'border-red-300' : ''}`}>
      <h2 id={headingId} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-slate-950'}`}>
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-700">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function TextField({
  label,
  value,
  onChange,
  error,
  ...inputProps
}: { label: string; value: string; onChange?: (value: string) => void; error?: string | null } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        className={`input ${inputProps.readOnly ? 'bg-slate-100 text-slate-800' : ''}`}
        value={value}
        onChange={onChange && ((event) => onChange(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...inputProps}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function ProfileSection({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [profile, setProfile] = useState({
    name: user.name ?? '',
    username: user.username ?? '',
    company: user.company ?? '',
    jobTitle: user.jobTitle ?? '',
  });
  const set = (field: keyof typeof profile) => (value: string) => setProfile((current) => ({ ...current, [field]: value }));

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQuery.queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      toast({ title: 'Profile updated', description: 'Your profile information has been saved.' });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      name: profile.name.trim(),
      username: profile.username.trim(),
      company: profile.company.trim() || null,
      jobTitle: profile.jobTitle.trim() || null,
    });
  }

  return (
    <SettingsCard title="Profile Information" description="Your name and work details as other parts of the service show them.">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" value={profile.name} onChange={set('name')} autoComplete="name" required />
        <TextField label="Username" value={profile.username} onChange={set('username')} autoComplete="username" required />
        <div className="sm:col-span-2">
          <TextField label="Email" type="email" value={user.email} readOnly aria-describedby="email-read-only-note" />
          <p id="email-read-only-note" className="mt-1 text-xs text-slate-700">
            Your email address cannot be changed here.
          </p>
        </div>
        <TextField label="Company (optional)" value={profile.company} onChange={set('company')} autoComplete="organization" />
        <TextField label="Job Title (optional)" value={profile.jobTitle} onChange={set('jobTitle')} autoComplete="organization-title" />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}

type PasswordErrors = { currentPassword?: string; newPassword?: string; confirmPassword?: string };

function PasswordSection() {
  const [passwords, setPasswords] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<PasswordErrors>({});
  const set = (field: keyof typeof passwords) => (value: string) => {
    setPasswords((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setPasswords({ currentPassword: '', newPassword: '', confirmPassword: '' });
      toast({ title: 'Success', description: 'Your password has been updated.' });
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to change password. Please try again.', variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: PasswordErrors = {};
    if (!passwords.currentPassword) found.currentPassword = 'Current password is required';
    if (!passwords.newPassword) found.newPassword = 'New password is required';
    else found.newPassword = passwordRuleError(passwords.newPassword) ?? undefined;
    if (passwords.confirmPassword !== passwords.newPassword) found.confirmPassword = 'Passwords do not match';
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    change.mutate({ currentPassword: passwords.currentPassword, newPassword: passwords.newPassword });
  }

  return (
    <SettingsCard title="Password Settings" description="Use at least 12 characters with upper- and lowercase letters, a number and a special character.">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={passwords.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <div>
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            value={passwords.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
          />
          <PasswordStrengthMeter password={passwords.newPassword} reading="change" />
          <PasswordRequirementList password={passwords.newPassword} />
        </div>
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={passwords.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <div>
          <button type="submit" className="btn-primary" disabled={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update Password'}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}

function HelpSection() {
  return (
    <SettingsCard title="Need Help?" description="Questions about your account, billing or the data? We are here to help.">
      <div className="flex flex-wrap gap-3">
        <Link to="/contact" className="btn-secondary">
          Contact Support
        </Link>
        <Link to="/help-center" hash="faq" className="btn-secondary">
          View FAQs
        </Link>
      </div>
    </SettingsCard>
  );
}

function formatBillingDate(value: string | null): string {
  if (!value) return 'not available';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMMM d, yyyy') : 'not available';
}

const statusLabels: Record<Subscription['status'], string> = {
  none: 'None',
  active: 'Active',
  trialing: 'Trial',
  inactive: 'Inactive',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  past_due: 'Past Due',
  incomplete: 'Incomplete',
  incomplete_expired: 'Incomplete Expired',
};

function StatusBadge({ children, tone }: { children: ReactNode; tone: 'green' | 'amber' | 'red' | 'slate' }) {
  const tones = {
    green: 'bg-green-100 text-green-900',
    amber: 'bg-amber-100 text-amber-900',
    red: 'bg-red-100 text-red-900',
    slate: 'bg-slate-200 text-slate-900',
  };
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

function SubscriptionSection() {
  const { data: user } = useCurrentUser();
  const subscription = useQuery({ ...subscriptionQuery, enabled: !!user });
  return (
    <SettingsCard title="Subscription" description="Your plan, billing dates and payment details.">
      {subscription.isPending ? (
        <p role="status" className="text-sm text-slate-700">
          Loading subscription...
        </p>
      ) : subscription.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Error loading subscription information. Please try again later.
        </p>
      ) : (
        <SubscriptionDetails subscription={subscription.data} />
      )}
    </SettingsCard>
  );
}

function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { status, cancelAtPeriodEnd } = subscription;
  if (status === 'active' || status === 'trialing') {
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-950">{subscription.plan === 'pro' || !subscription.plan ? fullAccessPlan.name : subscription.plan} plan</p>
          <StatusBadge tone="green">{statusLabels[status]}</StatusBadge>
          {cancelAtPeriodEnd && <StatusBadge tone="amber">Cancelling</StatusBadge>}
        </div>
        <p className="text-sm text-slate-800">
          {cancelAtPeriodEnd
            ? `Access ends: ${formatBillingDate(subscription.currentPeriodEnd)}`
            : `Next billing date: ${formatBillingDate(subscription.nextBillingDate ?? subscription.currentPeriodEnd)}`}
        </p>
        <p className="text-sm text-slate-700">
          ${fullAccessPlan.monthlyPriceUsd}/month per user{status === 'trialing' ? `, after your ${fullAccessPlan.trialDays}-day free trial` : ''}.
        </p>
        <BillingPortalButton label="Manage Billing" />
      </div>
    );
  }
  if (status === 'canceled') {
    // Cancelled at the period end keeps access until then; once that date has passed it has ended.
    const stillActive = cancelAtPeriodEnd && subscription.currentPeriodEnd !== null && parseISO(subscription.currentPeriodEnd) > new Date();
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-950">Subscription cancelled</p>
          <StatusBadge tone="slate">{statusLabels[status]}</StatusBadge>
        </div>
        <p className="text-sm text-slate-800">
          {stillActive
            ? `Your subscription stays active until ${formatBillingDate(subscription.currentPeriodEnd)}.`
            : 'Your subscription has ended. Subscribe again to regain full access to policy texts and analysis.'}
        </p>
        <SubscribeLink label="Reactivate Subscription" />
      </div>
    );
  }
  if (status === 'unpaid' || status === 'past_due') {
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-950">{status === 'unpaid' ? 'Payment failed' : 'Payment overdue'}</p>
          <StatusBadge tone="red">{statusLabels[status]}</StatusBadge>
        </div>
        <p className="text-sm text-slate-800">
          {status === 'unpaid'
            ? 'We could not collect your last payment. Update your payment method to restore access.'
            : 'Your last payment is overdue. Update your payment method to keep your access.'}
        </p>
        <BillingPortalButton label="Update Payment Method" />
      </div>
    );
  }
  if (status === 'incomplete' || status === 'incomplete_expired') {
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-950">Setup incomplete, try subscribing again</p>
          <StatusBadge tone="amber">{statusLabels[status]}</StatusBadge>
        </div>
        <SubscribeLink label="Subscribe Now" />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="font-semibold text-slate-950">No active subscription</p>
      <p className="text-sm text-slate-800">
        Subscribe to {fullAccessPlan.name} for ${fullAccessPlan.monthlyPriceUsd}/month to read full policy texts, translations and analysis.
      </p>
      <SubscribeLink label="Subscribe Now" />
    </div>
  );
}

function SubscribeLink({ label }: { label: string }) {
  return (
    <Link to="/subscribe" className="btn-primary">
      {label}
    </Link>
  );
}

function BillingPortalButton({ label }: { label: string }) {
  const portal = useMutation({
    mutationFn: async () => {
      const response = await createBillingPortal();
      if (!response?.url) throw new Error('The billing portal answered no address');
      return response.url;
    },
    onSuccess: (url) => window.location.assign(url),
    onError: () => toast({ title: 'Error', description: 'Failed to access billing portal. Please try again.', variant: 'destructive' }),
  });
  return (
    <button type="button" className="btn-primary" disabled={portal.isPending} onClick={() => portal.mutate()}>
      {portal.isPending ? 'Opening...' : label}
    </button>
  );
}

function DangerZone() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsCard title="Danger Zone" tone="danger" description="Deleting your account removes your profile, collections and preferences for good.">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800">
          Delete Account
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl sm:p-6">
            <Dialog.Title className="text-lg font-bold text-slate-950">Delete Account</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-700">
              This permanently deletes your account, your saved collections and your preferences, and ends your subscription. This cannot be
              undone.
            </Dialog.Description>
            <DeleteAccountForm onCancel={() => setOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </SettingsCard>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmation, setConfirmation] = useState('');
  const [reason, setReason] = useState('');
  const confirmed = confirmation === 'DELETE';
  const canDelete = confirmed && reason.trim().length > 0;

  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      toast({ title: 'Account Deleted', description: 'Your account has been permanently deleted.' });
      // Leave the protected page first, so its guard does not take the signed-out user for an intruder.
      await navigate({ to: '/login', replace: true });
      forgetSignedInUser(queryClient);
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to delete account. Please try again.', variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canDelete) remove.mutate(reason.trim());
  }

  return (
    <form onSubmit={submit} className="mt-5 space-y-4">
      <div>
        <label htmlFor={`${id}-confirmation`} className="label">
          Type <span className="font-mono font-bold">DELETE</span> to confirm
        </label>
        <input
          id={`${id}-confirmation`}
          className="input"
          autoComplete="off"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          aria-invalid={confirmation && !confirmed ? true : undefined}
          aria-describedby={`${id}-confirmation-help`}
        />
        <p id={`${id}-confirmation-help`} className={`mt-1 text-xs ${confirmation && !confirmed ? 'text-red-700' : 'text-slate-700'}`}>
          {confirmation && !confirmed ? 'Please type DELETE exactly as shown' : 'Capital letters, exactly as shown.'}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className="label">
          Why are you leaving?
        </label>
        <textarea id={`${id}-reason`} className="input min-h-24" value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
          disabled={!canDelete || remove.isPending}
        >
          {remove.isPending ? 'Deleting...' : 'Delete Account'}
        </button>
      </div>
    </form>
  );
}
