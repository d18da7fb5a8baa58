import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { format, isValid, parseISO } from 'date-fns';
import { type ReactNode } from 'react';
import { subscriptionStatusLabels } from '../../../vocabulary/subscription-status.ts';
import { createBillingPortal, fullAccessPlan, subscriptionQuery, type Subscription } from '../api/billing.ts';
import { useCurrentUser } from '../auth/current-user.ts';
import { toast } from '../components/toaster.tsx';
import { SettingsCard } from './settings-card.tsx';

function formatBillingDate(value: string | null): string {
  if (!value) return 'not available';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMMM d, yyyy') : 'not available';
}

const statusLabels: Record<Subscription['status'], string> = { none: 'None', ...subscriptionStatusLabels };

function StatusBadge({ children, tone }: { children: ReactNode; tone: 'green' | 'amber' | 'red' | 'slate' }) {
  const tones = {
    green: 'bg-green-100 text-green-900',
    amber: 'bg-amber-100 text-amber-900',
    red: 'bg-red-100 text-red-900',
    slate: 'bg-slate-200 text-slate-900',
  };
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

export function SubscriptionSection() {
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
