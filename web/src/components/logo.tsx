import { productName } from '../../../vocabulary/product.ts';

/** The product mark (the favicon's red tile) and, unless compact, the product name. */
export function Logo({ compact = false, tone = 'dark' }: { compact?: boolean; tone?: 'dark' | 'light' }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
        <rect width="32" height="32" rx="6" fill="#b91c1c" />
        <path d="M9 22V10h7.5a4 4 0 0 1 0 8H13v4z" fill="#fff" />
      </svg>
      <span className={`${compact ? 'sr-only' : ''} font-semibold tracking-tight ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}>
        {productName}
      </span>
    </span>
  );
}
