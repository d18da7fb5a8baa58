import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Headings, paragraphs and lists of a long text page (legal, help, about), styled in one place. */
const proseClass =
  'space-y-4 text-slate-800 leading-relaxed [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mt-10 [&_h2]:scroll-mt-16 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-950 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-950 [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ul]:list-disc [&_ul]:space-y-2';

export function StaticArticle({
  title,
  intro,
  lastUpdated,
  backToHome = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  lastUpdated?: string;
  backToHome?: boolean;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      {backToHome && (
        <Link to="/" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-slate-800 hover:text-slate-950 hover:underline">
          <span aria-hidden="true">←</span> Back to Home
        </Link>
      )}
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">{title}</h1>
        {lastUpdated && <p className="mt-2 text-sm text-slate-700">Last updated: {lastUpdated}</p>}
        {intro && <div className="mt-4 text-lg text-slate-700">{intro}</div>}
      </header>
      <div className={`mt-8 ${proseClass}`}>{children}</div>
    </article>
  );
}
