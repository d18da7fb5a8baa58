/** "Showing X to Y of total" with first, previous, next and last (disabled at the ends). Pages are 0-based here. */
export function PaginationBar({
  page,
  pageCount,
  pageSize,
  total,
  onPageChange,
}: {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min((page + 1) * pageSize, total);
  const atStart = page <= 0;
  const atEnd = page >= pageCount - 1;
  const button = 'btn-secondary size-9 p-0 text-base';
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3" data-testid="pagination">
      <p className="text-sm text-slate-700" aria-live="polite">
        Showing {first} to {last} of {total}
      </p>
      <div className="flex items-center gap-1.5">
        <button type="button" className={button} aria-label="First page" disabled={atStart} onClick={() => onPageChange(0)}>
          «
        </button>
        <button type="button" className={button} aria-label="Previous page" disabled={atStart} onClick={() => onPageChange(page - 1)}>
          ‹
        </button>
        <span className="px-2 text-sm text-slate-700">
          Page {Math.min(page + 1, Math.max(pageCount, 1))} of {Math.max(pageCount, 1)}
        </span>
        <button type="button" className={button} aria-label="Next page" disabled={atEnd} onClick={() => onPageChange(page + 1)}>
          ›
        </button>
        <button type="button" className={button} aria-label="Last page" disabled={atEnd} onClick={() => onPageChange(pageCount - 1)}>
          »
        </button>
      </div>
    </nav>
  );
}
