import { Link } from '@tanstack/react-router';
import { Logo } from '../components/logo.tsx';
import { productName } from '../../../vocabulary/product.ts';
import { productTagline } from '../lib/product.ts';

export function LandingFooter() {
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
