import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { PageLayout } from '../components/page-layout.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { auditLinks, checkLink } from './link-check.ts';

type Status = { state: 'pending' } | { state: 'testing' } | { state: 'success' } | { state: 'error'; reason: string };

const badge: Record<Status['state'], string> = {
  pending: 'bg-slate-100 text-slate-800',
  testing: 'bg-blue-100 text-blue-900',
  success: 'bg-green-100 text-green-900',
  error: 'bg-red-100 text-red-900',
};

const demoVariants = [
  ['Primary', 'bg-brand-700 text-white hover:bg-brand-800'],
  ['Secondary', 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100'],
  ['Outline', 'border border-brand-700 text-brand-800 hover:bg-brand-50'],
  ['Destructive', 'bg-red-700 text-white hover:bg-red-800'],
  ['Ghost', 'text-slate-800 hover:bg-slate-100'],
] as const;
const demoSizes = [
  ['Small', 'px-2.5 py-1 text-xs'],
  ['Medium', 'px-4 py-2 text-sm'],
  ['Large', 'px-6 py-3 text-base'],
] as const;

/** The internal link and button audit (spec: /audit-test): each Test Link really loads its address. */
export function AuditPage() {
  usePageTitle('Link Audit');
  const router = useRouter();
  const [statuses, setStatuses] = useState<Record<string, Status>>({});
  const statusOf = (path: string): Status => statuses[path] ?? { state: 'pending' };

  const test = async (path: string) => {
    setStatuses((current) => ({ ...current, [path]: { state: 'testing' } }));
    const result = await checkLink(path, {
      hasRoute: (pathname) => router.getMatchedRoutes(pathname)[2] !== undefined,
      fetch: (input, init) => window.fetch(input, init),
    });
    setStatuses((current) => ({ ...current, [path]: result.ok ? { state: 'success' } : { state: 'error', reason: result.reason } }));
  };

  const states = auditLinks.map((link) => statusOf(link.path).state);
  const counts = {
    Total: auditLinks.length,
    Tested: states.filter((state) => state === 'success' || state === 'error').length,
    Pending: states.filter((state) => state === 'pending' || state === 'testing').length,
    Errors: states.filter((state) => state === 'error').length,
  };
  const categories = [...new Set(auditLinks.map((link) => link.category))];

  return (
    <PageLayout>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">Link and Button Audit</h1>
        <p className="mt-1 text-slate-700">Every known address of the app, loaded in the background on request.</p>
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {Object.entries(counts).map(([label, value]) => (
            <div key={label} className="card p-4">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-2xl font-bold text-slate-950 tabular-nums" data-testid={`audit-${label.toLowerCase()}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <button type="button" className="btn-secondary mt-4" onClick={() => auditLinks.forEach((link) => void test(link.path))}>
          Test All Links
        </button>

        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {categories.map((category) => (
            <section key={category} className="card p-5" aria-label={category}>
              <h2 className="text-lg font-semibold text-slate-950">{category}</h2>
              <ul className="mt-3 divide-y divide-slate-100">
                {auditLinks
                  .filter((link) => link.category === category)
                  .map((link) => {
                    const status = statusOf(link.path);
                    return (
                      <li key={link.path} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="audit-item">
                        <div className="min-w-0">
                          <p className="font-medium text-slate-900">{link.label}</p>
                          <a href={link.path} className="text-sm break-all text-blue-800 underline">
                            {link.path}
                          </a>
                          {status.state === 'error' && <p className="text-sm text-red-900">{status.reason}</p>}
                        </div>
                        <div className="flex items-center gap-2">
                          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge[status.state]}`} data-testid="audit-status">
                            {status.state}
                          </span>
                          <button
                            type="button"
                            className="btn-secondary px-3 py-1.5"
                            disabled={status.state === 'testing'}
                            onClick={() => void test(link.path)}
                            aria-label={`Test Link ${link.path}`}
                          >
                            Test Link
                          </button>
                        </div>
                      </li>
                    );
                  })}
              </ul>
            </section>
          ))}
        </div>

        <section className="card mt-6 p-5" aria-labelledby="demo-buttons">
          <h2 id="demo-buttons" className="text-lg font-semibold text-slate-950">
            Buttons
          </h2>
          <div className="mt-4 grid gap-3">
            {demoVariants.map(([variant, classes]) => (
              <div key={variant} className="flex flex-wrap items-center gap-3">
                {demoSizes.map(([size, sizeClasses]) => (
                  <button key={size} type="button" className={`inline-flex items-center rounded-md font-medium ${classes} ${sizeClasses}`}>
                    {variant} {size}
                  </button>
                ))}
              </div>
            ))}
          </div>
        </section>
      </div>
    </PageLayout>
  );
}
