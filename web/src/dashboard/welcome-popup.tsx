import confetti from 'canvas-confetti';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { ui } from '../components/ui-classes.ts';
import { productName } from '../../../vocabulary/product.ts';
import { fullAccessPlan } from '../api/billing.ts';
import { welcomeRequested, welcomeShown } from './welcome-flag.ts';

/**
 * The library's default cannon draws in a worker started from a blob: address, which the app's
 * Content-Security-Policy refuses (worker-src falls back to script-src 'self'), so the first
 * subscription logged a console error. Drawing on the page's own thread, for one short burst,
 * keeps the policy as strict as it is.
 */
const fireConfetti = confetti.create(undefined, { useWorker: false, resize: true });

/**
 * Shown once after a successful checkout (the success page sets the flag): a welcome with one
 * burst of confetti. The flag is removed as soon as the popup opens.
 */
export function WelcomePopup() {
  const [open, setOpen] = useState(welcomeRequested);
  const celebrated = useRef(false);

  useEffect(() => {
    if (!open || celebrated.current) return;
    celebrated.current = true;
    welcomeShown();
    void fireConfetti({ particleCount: 200, gravity: 0.1, spread: 100, startVelocity: 35, origin: { y: 0.4 }, disableForReducedMotion: true });
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.dialogOverlay} />
        <Dialog.Content className={`${ui.dialogContent} text-center`} data-testid="welcome-popup">
          <SparkIcon />
          <Dialog.Title className="mt-3 text-xl font-bold">Welcome to {productName} {fullAccessPlan.name}!</Dialog.Title>
          <Dialog.Description className="mt-3 text-sm text-slate-700">
            Thank you for subscribing. You now have real-time policy updates and customised notifications, with full access to
            translations, analysis and impact assessments.
          </Dialog.Description>
          <Dialog.Close className="btn-primary mt-6 w-full">Get Started</Dialog.Close>
          <Dialog.Close className={ui.dialogClose} aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SparkIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto size-12 text-brand-700" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
