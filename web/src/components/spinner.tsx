/** A spinning ring with a visible status text, for pages that are waiting on the server. */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-8 text-slate-700">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-slate-300 border-t-brand-700" />
      <p className="text-sm">{label}</p>
    </div>
  );
}
