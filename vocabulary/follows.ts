/**
 * What a follower of a policy is told about (issue 42 item 6): another document amends, replaces,
 * repeals or cites it (the kinds as read from the followed document's end), or its effectiveness
 * status changes. Recorded in follow_events by triggers (db/migrations/0025_follow_alerts.sql).
 */
export const followEventKinds = ['amendedBy', 'replacedBy', 'repealedBy', 'citedBy', 'status'] as const;
export type FollowEventKind = (typeof followEventKinds)[number];
