import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createCheckoutSession, fullAccessPlan } from '../api/billing.ts';
import { PlanFeatureList } from '../components/plan-feature-list.tsx';
import { toast } from '../components/toaster.tsx';
import { enterpriseEmail } from '../lib/contact.ts';

const planFeatures = [
  'Real-time monitoring of Chinese government policy',
  'English translations of every policy, with the Chinese original',
  'AI analysis, key points and industry impact assessment',
  'Advanced search and filters by department, industry, topic and date',
  'Bookmarks and personal policy collections',
  'Full historical policy archive',
  'Email support',
  'Regular updates and new features',
];

/**
 * The Full Access plan with its Subscribe button (to the provider's checkout); `returnedFrom`
 * 'cancelled' when the reader has just cancelled a checkout.
 */
export function SubscriptionOffer({ returnedFrom }: { returnedFrom?: 'cancelled' }) {
  const checkout = useMutation({
    mutationFn: async () => {
      const response = await createCheckoutSession();
      if (!response?.checkoutUrl) throw new Error('The checkout answered no address');
      return response.checkoutUrl;
    },
    onSuccess: (checkoutUrl) => window.location.assign(checkoutUrl),
    onError: () => toast({ title: 'Error', description: 'Failed to create checkout session. Please try again.', variant: 'destructive' }),
  });

  return (
    <>
      {returnedFrom === 'cancelled' && (
        <div role="status" className="mx-auto mb-8 max-w-lg rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">Checkout cancelled</p>
          <p className="mt-1">Your account is ready and you are signed in. Start your 7-day free trial below whenever you like.</p>
        </div>
      )}
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-950">Start Your Subscription</h1>
        <p className="mt-2 text-slate-700">One plan with full access to every policy, translation and analysis.</p>
      </header>
      <article className="card mx-auto mt-10 max-w-lg overflow-hidden border-brand-700/40">
        <div className="border-b border-slate-200 p-6 sm:p-8">
          <h2 className="text-xl font-semibold text-slate-950">{fullAccessPlan.name}</h2>
          <p className="mt-1 text-sm text-slate-700">{fullAccessPlan.description}</p>
          <p className="mt-5 flex items-baseline gap-1 text-slate-950">
            <span className="text-5xl font-extrabold tracking-tight">${fullAccessPlan.monthlyPriceUsd}</span>
            <span className="text-slate-700">/month</span>
          </p>
          <p className="mt-1 text-sm text-slate-700">Billed monthly per user. Cancel anytime from your account settings.</p>
        </div>
        <div className="p-6 sm:p-8">
          <h3 className="text-sm font-semibold text-slate-950">What's included</h3>
          <PlanFeatureList features={planFeatures} className="mt-4" />
          <button type="button" className="btn-primary mt-8 w-full py-3 text-base" disabled={checkout.isPending} onClick={() => checkout.mutate()}>
            {checkout.isPending ? 'Processing...' : 'Subscribe'}
          </button>
          <p className="mt-4 text-xs text-slate-700">
            By subscribing you agree to our{' '}
            <Link to="/terms-of-service" className="underline underline-offset-2 hover:text-slate-950">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy-policy" className="underline underline-offset-2 hover:text-slate-950">
              Privacy Policy
            </Link>
            . Your subscription renews automatically each month unless you cancel it before the next billing date.
          </p>
        </div>
      </article>
      <p className="mt-8 text-center text-sm text-slate-700">
        Need accounts for a whole team, shared collections or priority support? Contact us at{' '}
        <a href={`mailto:${enterpriseEmail}`} className="font-medium text-brand-700 underline underline-offset-2">
          {enterpriseEmail}
        </a>{' '}
        for enterprise pricing.
      </p>
    </>
  );
}
