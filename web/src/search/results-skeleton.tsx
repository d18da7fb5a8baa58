/** Grey placeholder cards while the first results load. */
export function ResultsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="grid gap-4" aria-hidden="true" data-testid="results-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="card grid animate-pulse gap-3 p-5">
          <div className="h-4 w-1/3 rounded bg-slate-200" />
          <div className="h-5 w-3/4 rounded bg-slate-200" />
          <div className="h-4 w-full rounded bg-slate-200" />
          <div className="h-4 w-5/6 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}
