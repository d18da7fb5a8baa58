import { bodiesCovered, readEveryMinutes } from '../lib/coverage.ts';


const features = [
  {
    title: 'Real-Time Monitoring',
    text: `We read the websites of ${bodiesCovered} ministries, regulators and commissions every ${readEveryMinutes} minutes, day and night, and add each new policy we find.`,
    icon: 'M12 6v6l4 2m6-2a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z',
  },
  {
    title: 'Instant Translations',
    text: 'Every policy is translated from Chinese into clear English, with the original text one tab away whenever wording matters.',
    icon: 'M3 5h12M9 3v2m1.05 9.5A18 18 0 0 1 6.4 9m6.1 9h7M11 21l5-10 5 10M12.75 5C11.8 10.8 8.1 15.6 3 18',
  },
  {
    title: 'AI-Powered Analysis',
    text: 'Key points, a plain-language analysis, a 1-10 importance score and the impact on each affected industry, written for decision makers.',
    icon: 'M9.5 3a2.5 2.5 0 0 0-2.45 3A3 3 0 0 0 5 11a3 3 0 0 0 2 5.83A2.5 2.5 0 0 0 12 17V5.5A2.5 2.5 0 0 0 9.5 3Zm5 0A2.5 2.5 0 0 1 16.95 6 3 3 0 0 1 19 11a3 3 0 0 1-2 5.83A2.5 2.5 0 0 1 12 17',
  },
  {
    title: 'Advanced Search',
    text: 'Search in plain English and narrow by department, industry, topic, date range and importance. Save what matters into collections.',
    icon: 'm21 21-4.35-4.35M19 11a8 8 0 1 1-16 0 8 8 0 0 1 16 0Z',
  },
];

export function FeatureCards() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight text-slate-950">
          Everything you need to follow Chinese policy
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">
          From the moment a notice appears on a ministry website to a briefing your team can act on.
        </p>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((feature) => (
            <article key={feature.title} className="card p-6">
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-5">
                  <path d={feature.icon} />
                </svg>
              </span>
              <h3 className="mt-4 font-semibold text-slate-950">{feature.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{feature.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
