import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { currentUserQuery } from '../auth/current-user.ts';
import { SubscriptionConfirmed } from '../billing/subscription-confirmed.tsx';
import { useSubscriptionVerification } from '../billing/use-subscription-verification.ts';
import { LoadingSpinner } from '../components/spinner.tsx';
import { usePageTitle } from '../lib/page-title.ts';

const subscriptionSuccessRoute = getRouteApi('/subscription-success');

export function SubscriptionSuccessPage() {
  usePageTitle('Subscription Confirmed');
  const { session_id: sessionId } = subscriptionSuccessRoute.useSearch();
  const { data: user } = useQuery(currentUserQuery);
  const outcome = useSubscriptionVerification(sessionId);

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

  return <SubscriptionConfirmed verified={outcome === 'verified'} />;
}
