import { Link } from '@tanstack/react-router';

/** An id that is not a policy's (or no longer is). */
export function PolicyNotFound() {
  return (
    <div className="card mx-auto w-full max-w-md p-8 text-center" data-testid="policy-not-found">
      <h1 className="text-2xl font-bold">Policy Not Found</h1>
      <p className="mt-2 text-slate-700">This policy does not exist or has been removed.</p>
      <Link to="/dashboard" className="btn-primary mt-6 inline-flex">
        Go to Dashboard
      </Link>
    </div>
  );
}

/** The policy could not be read: say so, and let the reader ask again. */
export function PolicyLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="card p-8 text-center" role="alert">
      <h1 className="text-xl font-semibold">Failed to load this policy</h1>
      <p className="mt-2 text-slate-700">Please try again in a moment.</p>
      <button type="button" className="btn-primary mt-4" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
