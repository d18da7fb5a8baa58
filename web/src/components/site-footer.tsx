import { Link } from '@tanstack/react-router';
import { productName, productTagline } from '../lib/product.ts';
import { Logo } from './logo.tsx';

const linkClass = 'text-sm text-slate-700 underline-offset-4 hover:text-slate-950 hover:underline';

function FooterColumn({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <nav aria-label={heading}>
      <h2 className="text-sm font-semibold text-slate-900">{heading}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </nav>
  );
}

/** The footer of the page layout: Product, Resources, Company and Legal columns, tagline, copyright. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-slate-700">{productTagline}</p>
        </div>
        <FooterColumn heading="Product">
          <li>
            <Link to="/dashboard" className={linkClass}>
              Dashboard
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn heading="Resources">
          <li>
            <Link to="/help-center" className={linkClass}>
              Help Center
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn heading="Company">
          <li>
            <Link to="/about-us" className={linkClass}>
              About Us
            </Link>
          </li>
          <li>
            <Link to="/contact" className={linkClass}>
              Contact
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn heading="Legal">
          <li>
            <Link to="/privacy-policy" className={linkClass}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link to="/terms-of-service" className={linkClass}>
              Terms of Service
            </Link>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-slate-700 sm:px-6">
          © {new Date().getFullYear()} {productName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
