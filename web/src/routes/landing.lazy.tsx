import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { subscriptionQuery } from '../api/billing.ts';
import { useCurrentUser } from '../auth/current-user.ts';
import { usePageTitle } from '../lib/page-title.ts';
import '../landing/landing.css';
import { LandingHeader } from '../landing/landing-header.tsx';
import { Hero } from '../landing/hero.tsx';
import { DepartmentStrip } from '../landing/department-strip.tsx';
import { FeatureCards } from '../landing/feature-cards.tsx';
import { PricingCard } from '../landing/pricing-card.tsx';
import { FaqAccordion } from '../landing/faq-accordion.tsx';
import { LandingFooter } from '../landing/landing-footer.tsx';

const SignupDialog = lazy(() => import('../auth/signup-dialog.tsx').then((m) => ({ default: m.SignupDialog })));
const SignInDialog = lazy(() => import('../auth/sign-in-dialog.tsx').then((m) => ({ default: m.SignInDialog })));

type OpenDialog = 'signup' | 'sign-in' | null;

export function LandingPage() {
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

