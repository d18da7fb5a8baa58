import { Link } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useCurrentUser } from '../auth/current-user.ts';
import { Logo } from '../components/logo.tsx';
import { productName } from '../../../vocabulary/product.ts';

/** Warm the dialog chunks as soon as a pointer or keyboard heads for a button that opens one. */
export const preloadSignup = () => void import('../auth/signup-dialog.tsx');
const preloadSignIn = () => void import('../auth/sign-in-dialog.tsx');

export function LandingHeader({ onSignIn, onStartTrial }: { onSignIn: () => void; onStartTrial: () => void }) {
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
