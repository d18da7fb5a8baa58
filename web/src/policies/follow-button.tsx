import { useQuery } from '@tanstack/react-query';
import { followsQuery, useFollowPolicy, useUnfollowPolicy } from '../api/follows.ts';
import { useCurrentUser } from '../auth/current-user.ts';

/** Follow a policy: a signed-in reader is told when it is amended, replaced, repealed or cited, or its status changes. */
export function FollowButton({ policyId }: { policyId: number }) {
  const { data: user } = useCurrentUser();
  const follows = useQuery({ ...followsQuery, enabled: Boolean(user) });
  const followPolicy = useFollowPolicy();
  const unfollowPolicy = useUnfollowPolicy();
  if (!user) return null;
  const following = Boolean(follows.data?.follows.some((followed) => followed.policyId === policyId));
  const busy = follows.isPending || followPolicy.isPending || unfollowPolicy.isPending;
  return (
    <button
      type="button"
      className={following ? 'btn-secondary' : 'btn-primary'}
      aria-pressed={following}
      disabled={busy}
      onClick={() => (following ? unfollowPolicy.mutate(policyId) : followPolicy.mutate(policyId))}
    >
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
