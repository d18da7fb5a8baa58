import { fullAccessPlan } from '../api/billing.ts';
import { PlanFeatureList, type PlanFeature } from '../components/plan-feature-list.tsx';
import { preloadSignup } from './landing-header.tsx';

const planFeatures: PlanFeature[] = [
  'Real-time monitoring of government policy releases',
  'AI translation from Chinese to English',
  'AI analysis and industry impact assessment',
  'Advanced search and filters',
  'Bookmarks and policy collections',
  'E-mail alerts for your saved searches',
  { label: 'Basic analytics', to: '/analytics' },
  'Slack and API integrations',
  'Full historical policy archive',
  'Email support',
];

export function PricingCard({ onStartTrial }: { onStartTrial: () => void }) {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20 bg-slate-50 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="pricing-heading" className="text-center text-3xl font-bold tracking-tight text-slate-950">
          Simple, transparent pricing
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-center text-slate-700">One plan with everything included. Try it free for {fullAccessPlan.trialDays} days.</p>
        <article className="card mx-auto mt-10 max-w-md overflow-hidden border-brand-700/40">
          <div className="border-b border-slate-200 p-6 sm:p-8">
            <h3 className="text-lg font-semibold text-slate-950">{fullAccessPlan.name}</h3>
            <p className="mt-1 text-sm text-slate-700">{fullAccessPlan.description}</p>
            <p className="mt-5 flex items-baseline gap-1 text-slate-950">
              <span className="text-5xl font-extrabold tracking-tight">${fullAccessPlan.monthlyPriceUsd}</span>
              <span className="text-slate-700">/month per user</span>
            </p>
            <p className="mt-2 text-sm font-medium text-green-800">
              {fullAccessPlan.trialDays}-day free trial · Billed monthly · Cancel anytime
            </p>
            <button type="button" className="btn-primary mt-6 w-full py-3 text-base" onClick={onStartTrial} onPointerEnter={preloadSignup} onFocus={preloadSignup}>
              Start Free Trial
            </button>
          </div>
          <PlanFeatureList features={planFeatures} className="p-6 sm:p-8" />
        </article>
      </div>
    </section>
  );
}
