import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { feedTokenQuery, useNewFeedToken, useRemoveFeedToken, useShownFeedToken } from '../api/saved-searches.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { formatPolicyDate } from '../lib/format.ts';

/**
 * The personal feed token: feed readers cannot sign in, so a private feed's URL carries this
 * secret. It is shown once, when made; making a new one stops the old one working, and removing
 * it stops every private feed until a new one is made.
 */
export function FeedTokenSection({ personalFeedUrl }: { personalFeedUrl: string }) {
  const status = useQuery(feedTokenQuery);
  const token = useShownFeedToken();
  const issue = useNewFeedToken();
  const remove = useRemoveFeedToken();
  const [confirming, setConfirming] = useState<'replace' | 'remove' | null>(null);
  const exists = Boolean(status.data?.createdAt);

  return (
    <div className="grid gap-3" data-testid="feed-token">
      <h3 className="text-sm font-semibold text-slate-900">RSS and Atom feeds</h3>
      <p className="text-sm text-slate-700">
        Your saved searches have private feeds. A feed reader opens them with your feed token, which is shown only once, when you create it.
      </p>
      {token ? (
        <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-950">Copy your feed token now: it will not be shown again.</p>
          <input readOnly className="input font-mono text-xs" value={token} aria-label="Feed token" onFocus={(event) => event.target.select()} />
          <label className="text-xs text-slate-800">
            Your personal feed (every saved search with alerts on, and your preferences):
            <input readOnly className="input mt-1 text-xs" value={`${personalFeedUrl}?token=${token}`} onFocus={(event) => event.target.select()} />
          </label>
        </div>
      ) : (
        status.data && <p className="text-sm text-slate-700">{exists ? `Your feed token was created on ${formatPolicyDate(status.data.createdAt)}.` : 'You have no feed token yet.'}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={issue.isPending || remove.isPending || status.isPending}
          onClick={() => (exists ? setConfirming('replace') : issue.mutate())}
        >
          {exists ? 'Replace feed token' : 'Create feed token'}
        </button>
        {exists && (
          <button type="button" className="btn-secondary" disabled={issue.isPending || remove.isPending} onClick={() => setConfirming('remove')}>
            Remove feed token
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming === 'replace'}
        onOpenChange={(open) => setConfirming(open ? 'replace' : null)}
        title="Replace your feed token?"
        description="Feed readers using the current token will stop receiving your feeds until you give them the new links."
        confirmLabel="Replace token"
        pending={issue.isPending}
        onConfirm={() => issue.mutate(undefined, { onSettled: () => setConfirming(null) })}
      />
      <ConfirmDialog
        open={confirming === 'remove'}
        onOpenChange={(open) => setConfirming(open ? 'remove' : null)}
        title="Remove your feed token?"
        description="Feed readers using it will stop receiving your feeds. You can create a new token later."
        confirmLabel="Remove token"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(null) })}
      />
    </div>
  );
}
