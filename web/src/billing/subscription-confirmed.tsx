import { Link } from '@tanstack/react-router';
import { fullAccessPlan } from '../api/billing.ts';
import { PlanFeatureList } from '../components/plan-feature-list.tsx';

const inclusions = [
  'Real-time policy updates from Chinese government bodies',
  'English translations with the Chinese original',
  'AI analysis, key points and industry impact',
  'Advanced search, filters and policy collections',
  'Full historical archive and email support',
];

/** The paid subscription's welcome; `verified` false when the API could not confirm it yet for this browser. */
export function SubscriptionConfirmed({ verified }: { verified: boolean }) {
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
        {verified ? (
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
