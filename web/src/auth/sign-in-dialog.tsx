import { useNavigate } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { SignInForm } from './sign-in-form.tsx';

/** The landing page's Sign In dialog (username, password); success goes to /dashboard. */
export function SignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl sm:p-6">
          <Dialog.Title className="text-xl font-bold text-slate-900">Sign In</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">Welcome back. Sign in to open your dashboard.</Dialog.Description>
          <div className="mt-5">
            <SignInForm
              onSignedIn={() => {
                onOpenChange(false);
                return navigate({ href: '/dashboard' });
              }}
            />
          </div>
          <Dialog.Close className="absolute top-3 right-3 rounded p-1 text-xl leading-none text-slate-700 hover:bg-slate-100" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
