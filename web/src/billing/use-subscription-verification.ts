import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { subscriptionQuery, verifySubscription } from '../api/billing.ts';
import { ApiError } from '../api/client.ts';
import { currentUserQuery } from '../auth/current-user.ts';
import { toast } from '../components/toaster.tsx';
import { requestWelcome } from '../dashboard/welcome-flag.ts';

/** Spec: the page waits 2 seconds (the provider's webhook usually lands meanwhile), then verifies. */
const verifyDelayMs = 2_000;

export type Outcome = 'processing' | 'verified' | 'unverified';

/**
 * Back from checkout with `sessionId`: asks the API whether the subscription is settled, tells the
 * reader by toasts, and on success refreshes the session and goes to the dashboard.
 */
export function useSubscriptionVerification(sessionId: string | undefined): Outcome {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
      requestWelcome();
      setOutcome('verified');
      await navigate({ href: '/dashboard' });
    }, verifyDelayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [sessionId, navigate, queryClient]);


  return outcome;
}
