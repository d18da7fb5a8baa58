import { useQueryClient } from '@tanstack/react-query';
import { createRoute, Link, useNavigate } from '@tanstack/react-router';
import { Accordion, DropdownMenu } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { fullAccessPlan, subscriptionQuery } from '../api/billing.ts';
import { useCurrentUser } from '../auth/current-user.ts';
import { Logo } from '../components/logo.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { productName, productTagline } from '../lib/product.ts';
import { rootRoute } from './root.tsx';
import './landing.css';
import { PlanFeatureList } from '../components/plan-feature-list.tsx';

const SignupDialog = lazy(() => import('../components/signup-dialog.tsx').then((m) => ({ default: m.SignupDialog })));
const SignInDialog = lazy(() => import('../components/sign-in-dialog.tsx').then((m) => ({ default: m.SignInDialog })));

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: LandingPage,
});

type OpenDialog = 'signup' | 'sign-in' | null;

function LandingPage() {
  usePageTitle('China Policy Tracking and Analysis');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A signed-in visitor has an account already: the trial starts at /subscribe, and someone
  // who can read everything already goes straight to the dashboard.
  const openSignup = () => {
    if (!user) return setDialog('signup');
    void queryClient
      .fetchQuery(subscriptionQuery)
      .then((subscription) => subscription.entitled)
      .catch(() => false)
      .then((entitled) => navigate({ to: entitled ? '/dashboard' : '/subscribe' }));
  };
  const close = (open: boolean) => !open && setDialog(null);
  return (
    <div className="bg-white">
      <LandingHeader onSignIn={() => setDialog('sign-in')} onStartTrial={openSignup} />
      <main id="main-content">
        <Hero onStartTrial={openSignup} />
        <DepartmentStrip />
        <FeatureCards />
        <PricingCard onStartTrial={openSignup} />
        <FaqAccordion />
      </main>
      <LandingFooter />
      <Suspense fallback={null}>
        {dialog === 'signup' && <SignupDialog open onOpenChange={close} />}
        {dialog === 'sign-in' && <SignInDialog open onOpenChange={close} />}
      </Suspense>
    </div>
  );
}

/** Warm the dialog chunks as soon as a pointer or keyboard heads for a button that opens one. */
const preloadSignup = () => void import('../components/signup-dialog.tsx');
const preloadSignIn = () => void import('../components/sign-in-dialog.tsx');

function LandingHeader({ onSignIn, onStartTrial }: { onSignIn: () => void; onStartTrial: () => void }) {
  const { data: user } = useCurrentUser();
  const navLink = 'rounded px-2 py-1 text-sm font-medium text-slate-800 hover:text-slate-950 hover:underline underline-offset-4';
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link to="/" className="shrink-0 rounded" aria-label={`${productName} home`}>
          <span className="sm:hidden">
            <Logo compact />
          </span>
          <span className="hidden sm:inline">
            <Logo />
          </span>
        </Link>
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          <Link to="/about-us" className={navLink}>
            About Us
          </Link>
          <Link to="/contact" className={navLink}>
            Contact
          </Link>
          <Link to="/help-center" hash="faq" className={navLink}>
            FAQ
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <Link to="/dashboard" className="btn-ghost">
              Dashboard
            </Link>
          ) : (
            <button type="button" className="btn-ghost" onClick={onSignIn} onPointerEnter={preloadSignIn} onFocus={preloadSignIn}>
              Sign In
            </button>
          )}
          <button type="button" className="btn-primary whitespace-nowrap" onClick={onStartTrial} onPointerEnter={preloadSignup} onFocus={preloadSignup}>
            Start Free Trial
          </button>
          <PageMenu />
        </div>
      </div>
    </header>
  );
}

/** Below 768 px the header's page links (About Us, Contact, FAQ) move into a menu. */
function PageMenu() {
  const item = 'block cursor-pointer rounded px-3 py-2.5 outline-none data-[highlighted]:bg-slate-100';
  return (
    // Not modal: a modal menu hides the whole page with aria-hidden while focus stays reachable in it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="btn-ghost size-10 shrink-0 p-0 md:hidden" aria-label="Menu">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-sm font-medium text-slate-900 shadow-lg">
          <DropdownMenu.Item asChild className={item}>
            <Link to="/about-us">About Us</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to="/contact">Contact</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to="/help-center" hash="faq">
              FAQ
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Hero({ onStartTrial }: { onStartTrial: () => void }) {
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
            {productName} monitors more than 20 national government bodies around the clock, translates every new policy into English and
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
            <HeroStat value="20+" label="Government bodies" />
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

const stripCodes = ['CSRC', 'PBOC', 'NBS', 'SC', 'SAFE', 'SAMR', 'NDRC', 'MIIT', 'MOF', 'MOFCOM', 'MOFA', 'MOHRSS', 'HKMA', 'NHC'];

function DepartmentStrip() {
  return (
    <section aria-labelledby="department-strip-heading" className="department-strip border-y border-slate-200 bg-slate-50 py-6">
      <h2 id="department-strip-heading" className="text-center text-sm font-semibold tracking-wide text-slate-700 uppercase">
        Tracking policy from the bodies that shape China's economy
      </h2>
      <div className="relative mt-4 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]">
        <div className="department-strip-track flex w-max gap-3">
          {[0, 1].map((copy) => (
            <ul key={copy} className="flex gap-3" aria-hidden={copy === 1 ? true : undefined}>
              {stripCodes.map((code) => (
                <li key={code} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-bold tracking-wider text-slate-800">
                  {code}
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}

const features = [
  {
    title: 'Real-Time Monitoring',
    text: 'We watch the websites of more than 20 ministries, regulators and commissions 24/7 and add new policies within 20 minutes of publication.',
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

function FeatureCards() {
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

const planFeatures = [
  'Real-time monitoring of government policy releases',
  'AI translation from Chinese to English',
  'AI analysis and industry impact assessment',
  'Advanced search and filters',
  'Bookmarks and policy collections',
  'Email and SMS notifications (Coming Soon)',
  'Basic analytics',
  'Slack and API integrations',
  'Full historical policy archive',
  'Email support',
];

function PricingCard({ onStartTrial }: { onStartTrial: () => void }) {
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

const faqs = [
  {
    question: `What is ${productName}?`,
    answer: `${productName} is a subscription service that collects policies from Chinese national government bodies, translates them into English and adds key points, analysis, an importance score and the expected impact on each industry, so business and professional teams can follow regulatory change without reading Chinese.`,
  },
  {
    question: 'How does the free trial work?',
    answer: `Your ${fullAccessPlan.trialDays}-day free trial starts when you complete checkout. You enter your payment details there, but you are not charged until the trial ends, and if you cancel from your account settings before then you pay nothing.`,
  },
  {
    question: 'Which government bodies do you cover?',
    answer:
      "More than 20 bodies, including the State Council, the People's Bank of China, the CSRC, SAFE, SAMR, the NDRC, MIIT, the Ministry of Finance, MOFCOM, the Ministry of Foreign Affairs, the National Health Commission and the Hong Kong Monetary Authority.",
  },
  {
    question: 'How quickly do new policies appear?',
    answer: 'New policies are usually processed, translated and analysed within 20 minutes of publication on the issuing body’s website.',
  },
  {
    question: 'Can I cancel my subscription at any time?',
    answer: 'Yes. Cancel from the Subscription section of your account settings. You keep full access until the end of the period you have paid for, and you will not be charged again.',
  },
];

function FaqAccordion() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-slate-950">
          Frequently asked questions
        </h2>
        <Accordion.Root type="single" collapsible className="mt-10 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {faqs.map((faq, index) => (
            <Accordion.Item key={faq.question} value={`faq-${index}`}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-950 hover:bg-slate-50">
                  {faq.question}
                  <span aria-hidden="true" className="text-slate-700 transition-transform group-data-[state=open]:rotate-180">
                    ▾
                  </span>
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-sm text-slate-700">{faq.answer}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}

function LandingFooter() {
  const link = 'text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline';
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="space-y-3">
          <Logo tone="light" />
          <p className="max-w-xs text-sm">{productTagline}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-10 gap-y-3 sm:grid-cols-3">
            <li>
              <a href="#features" className={link}>
                Features
              </a>
            </li>
            <li>
              <Link to="/help-center" className={link}>
                Help Center
              </Link>
            </li>
            <li>
              <Link to="/about-us" className={link}>
                About Us
              </Link>
            </li>
            <li>
              <Link to="/contact" className={link}>
                Contact
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={link}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={link}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-800 px-4 py-5 text-center text-sm text-slate-300">
        © {new Date().getFullYear()} {productName}. All rights reserved.
      </p>
    </footer>
  );
}
