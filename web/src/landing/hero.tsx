import { fullAccessPlan } from '../api/billing.ts';
import { productName } from '../../../vocabulary/product.ts';
import { bodiesCovered } from '../lib/coverage.ts';
import { preloadSignup } from './landing-header.tsx';

export function Hero({ onStartTrial }: { onStartTrial: () => void }) {
  return (
    <section className="overflow-hidden bg-gradient-to-b from-slate-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 sm:px-6 lg:grid-cols-[1fr_1.1fr] lg:pt-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white py-1 pr-3 pl-1 text-sm text-slate-800">
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white">NEW</span>
            Beta 1.0 Now Available
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-950 sm:text-5xl">
            Chinese government policy, <span className="text-brand-700">in English, as it happens</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-700">
            {productName} monitors {bodiesCovered} national government bodies around the clock, translates every new policy into English and
            tells you what it means for your industry, so you can act before your competitors read the headline.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <button type="button" className="btn-primary px-6 py-3 text-base" onClick={onStartTrial} onPointerEnter={preloadSignup} onFocus={preloadSignup}>
              Start Free Trial
            </button>
            <a href="#features" className="btn-secondary px-6 py-3 text-base">
              See how it works
            </a>
          </div>
          <p className="mt-3 text-sm text-slate-700">
            {fullAccessPlan.trialDays}-day free trial, then ${fullAccessPlan.monthlyPriceUsd}/month. Cancel anytime.
          </p>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-slate-200 pt-6">
            <HeroStat value={String(bodiesCovered)} label="Government bodies" />
            <HeroStat value="50+" label="New policies daily" />
            <HeroStat value="24/7" label="Monitoring" />
          </dl>
        </div>
        <DashboardPreview />
      </div>
    </section>
  );
}

function HeroStat({ value, label }: { value: string; label: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="order-first text-2xl font-bold text-slate-950">{value}</dd>
    </div>
  );
}

const previewPolicies = [
  {
    code: 'CSRC',
    date: 'Mar 24, 2025',
    title: 'Opinions on Promoting the High-Quality Development of Public Funds',
    importance: { label: 'High Importance', className: 'bg-purple-100 text-purple-900' },
    industries: ['Financial Services'],
  },
  {
    code: 'MIIT',
    date: 'Mar 21, 2025',
    title: 'Action Plan for the Development of Humanoid Robot Manufacturing',
    importance: { label: 'Medium Importance', className: 'bg-blue-100 text-blue-900' },
    industries: ['Manufacturing', 'Technology'],
  },
  {
    code: 'SAFE',
    date: 'Mar 20, 2025',
    title: 'Notice on Facilitating Cross-Border Trade Settlement in Foreign Exchange',
    importance: { label: 'Urgent Importance', className: 'bg-red-100 text-red-900' },
    industries: ['Financial Services', 'Retail'],
  },
] as const;

/** A static picture of the dashboard built from markup; it is decoration, so it is hidden from assistive technology. */
function DashboardPreview() {
  return (
    <div aria-hidden="true" className="relative">
      <div className="absolute -inset-4 -z-0 rounded-3xl bg-gradient-to-tr from-red-100 via-white to-blue-100 blur-2xl" />
      <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl">
        <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-100 px-4 py-2.5">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-green-500" />
          <span className="ml-3 truncate rounded bg-white px-3 py-0.5 text-xs text-slate-700">Dashboard · Latest policies</span>
        </div>
        <div className="grid grid-cols-[8.5rem_1fr] max-sm:grid-cols-1">
          <div className="space-y-3 border-r border-slate-200 bg-slate-50 p-3 text-xs text-slate-800 max-sm:hidden">
            <p className="font-semibold text-slate-900">Filters</p>
            {['Department', 'Industry', 'Topic', 'Importance'].map((name) => (
              <div key={name} className="rounded border border-slate-300 bg-white px-2 py-1.5">
                {name}
              </div>
            ))}
            <p className="pt-2 font-semibold text-slate-900">Collections</p>
            <p>Fintech watch · 12</p>
            <p>EV supply chain · 8</p>
          </div>
          <div className="space-y-3 p-3 sm:p-4">
            <div className="rounded-md border border-slate-300 px-3 py-2 text-xs text-slate-700">Search policies using natural language...</div>
            {previewPolicies.map((policy) => (
              <div key={policy.title} className="rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2 text-xs">
                  <span className="rounded bg-slate-800 px-1.5 py-0.5 font-semibold text-white">{policy.code}</span>
                  <span className="text-slate-700">{policy.date}</span>
                  <span className={`rounded px-1.5 py-0.5 font-medium ${policy.importance.className}`}>{policy.importance.label}</span>
                </div>
                <p className="mt-2 text-sm font-semibold text-slate-900">{policy.title}</p>
                <div className="mt-2 flex flex-wrap gap-1.5">
                  {policy.industries.map((industry) => (
                    <span key={industry} className="rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900">
                      {industry}
                    </span>
                  ))}
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
