import { Link } from '@tanstack/react-router';
import { apiDocsPath } from '../api/api-keys.ts';
import { productName } from '../../../vocabulary/product.ts';
import { productTagline } from '../lib/product.ts';
import { Logo } from './logo.tsx';

const linkClass = 'text-sm text-slate-700 underline-offset-4 hover:text-slate-950 hover:underline';

/** The spec's footer columns. */
const footerColumns = [
  { heading: 'Product', links: [{ to: '/dashboard', label: 'Dashboard' }] },
  {
    heading: 'Resources',
    links: [
      { to: '/help-center', label: 'Help Center' },
      // Served by the API, not a page of the web app: a plain link, not the router's.
      { href: apiDocsPath, label: 'API Documentation' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/about-us', label: 'About Us' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
    ],
  },
] as const;

/** The footer of the page layout: Product, Resources, Company and Legal columns, tagline, copyright. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-slate-700">{productTagline}</p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold text-slate-900">{column.heading}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  {'href' in link ? (
                    <a href={link.href} className={linkClass}>
                      {link.label}
                    </a>
                  ) : (
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-slate-700 sm:px-6">
          © {new Date().getFullYear()} {productName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
