import { getRouteApi, Link } from '@tanstack/react-router';
import { useCurrentUser } from '../auth/current-user.ts';
import { SubscriptionOffer } from '../billing/subscription-offer.tsx';
import { PageLayout } from '../components/page-layout.tsx';
import { usePageTitle } from '../lib/page-title.ts';

const subscribeRoute = getRouteApi('/subscribe');

export function SubscribePage() {
  usePageTitle('Subscribe');
  const { data: user } = useCurrentUser();
  const { checkout } = subscribeRoute.useSearch();
  return (
    <PageLayout>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{user ? <SubscriptionOffer returnedFrom={checkout} /> : <LoginPrompt />}</div>
    </PageLayout>
  );
}

function LoginPrompt() {
  return (
    <div className="card mx-auto max-w-md p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-950">Log in to subscribe</h1>
      <p className="mt-2 text-slate-700">Please log in to your account before starting your subscription.</p>
      <Link to="/login" className="btn-primary mt-6">
        Login
      </Link>
    </div>
  );
}
