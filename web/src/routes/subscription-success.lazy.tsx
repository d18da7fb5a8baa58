import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { fullAccessPlan, subscriptionQuery, verifySubscription } from '../api/billing.ts';
import { ApiError } from '../api/client.ts';
import { currentUserQuery } from '../auth/current-user.ts';
import { PlanFeatureList } from '../components/plan-feature-list.tsx';
import { LoadingSpinner } from '../components/spinner.tsx';
import { toast } from '../components/toaster.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { subscriptionSuccessRoute } from './subscription-success.tsx';

/** Spec: the page waits 2 seconds (the provider's webhook usually lands meanwhile), then verifies. */
const verifyDelayMs = 2_000;

type Outcome = 'processing' | 'verified' | 'unverified';

const inclusions = [
  'Real-time policy updates from Chinese government bodies',
  'English translations with the Chinese original',
  'AI analysis, key points and industry impact',
  'Advanced search, filters and policy collections',
  'Full historical archive and email support',
];

export function SubscriptionSuccessPage() {
  usePageTitle('Subscription Confirmed');
  const { session_id: sessionId } = subscriptionSuccessRoute.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery);
  const [outcome, setOutcome] = useState<Outcome>(sessionId ? 'processing' : 'unverified');

  useEffect(() => {
    if (!sessionId) {
      toast({ title: 'Error', description: 'Invalid session ID', variant: 'destructive' });
      return;
    }
    let cancelled = false;
    const paymentProcessing = () =>
      toast({ title: 'Processing...', description: 'Your payment is being processed. You will receive an email confirmation shortly.' });
    const timer = setTimeout(async () => {
      let verified: boolean;
      try {
        const result = await verifySubscription(sessionId);
        verified = result?.verified !== false;
      } catch (error) {
        if (cancelled) return;
        setOutcome('unverified');
        // A non-OK answer means the provider has not settled yet; no answer at all means we could not ask.
        if (error instanceof ApiError) paymentProcessing();
        else toast({ title: 'Processing', description: 'Your account is being set up. Please check your email for confirmation.' });
        return;
      }
      if (cancelled) return;
      if (!verified) {
        setOutcome('unverified');
        paymentProcessing();
        return;
      }
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: subscriptionQuery.queryKey });
      localStorage.setItem('showWelcomePopup', 'true');
      setOutcome('verified');
      await navigate({ href: '/dashboard' });
    }, verifyDelayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [sessionId, navigate, queryClient]);

  if (!sessionId) {
    // Reached without coming back from a checkout: nothing was paid here, so nothing is confirmed.
    return (
      <main id="main-content" className="mx-auto max-w-xl px-4 py-12 sm:py-16">
        <div className="card p-6 text-center sm:p-10">
          <h1 className="text-2xl font-bold text-slate-950">No payment to confirm</h1>
          <p className="mt-3 text-slate-700">
            This page confirms a subscription when you come back from checkout, and this link has no checkout session.
          </p>
          {user ? (
            <Link to="/subscribe" className="btn-primary mt-8 w-full py-3">
              View Subscription
            </Link>
          ) : (
            <Link to="/" className="btn-primary mt-8 w-full py-3">
              Return to Homepage
            </Link>
          )}
        </div>
      </main>
    );
  }

  if (outcome === 'processing') {
    return (
      <main id="main-content" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-950">Processing Your Subscription</h1>
        <p className="mt-2 text-slate-700">Please wait while we confirm your payment. This only takes a moment.</p>
        <LoadingSpinner label="Confirming your payment..." />
      </main>
    );
  }

  return (
    <main id="main-content" className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="card p-6 text-center sm:p-10">
        <span aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800">
          ✓
        </span>
        <h1 className="mt-5 text-2xl font-bold text-slate-950 sm:text-3xl">Welcome to the Pro plan</h1>
        <p className="mt-3 text-slate-700">
          Your payment was successful. Thank you for subscribing to {fullAccessPlan.name}: every policy, translation and analysis is now
          open to you.
        </p>
        <div className="mt-8 text-left">
          <h2 className="text-sm font-semibold text-slate-950">Your subscription includes</h2>
          <PlanFeatureList features={inclusions} className="mt-3" />
        </div>
        {outcome === 'verified' ? (
          <Link to="/dashboard" className="btn-primary mt-8 w-full py-3">
            Go to Dashboard
          </Link>
        ) : (
          <div className="mt-8 space-y-4">
            <p className="rounded-md bg-slate-100 p-4 text-sm text-slate-800">
              To start using the service, log in with the email address you used when you signed up.
            </p>
            <Link to="/" className="btn-primary w-full py-3">
              Return to Homepage
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}
