// The list lives in the dependency-free vocabulary (the web app reads it too); the schema reads it here.
export { subscriptionStatuses, type SubscriptionStatus } from '../vocabulary/subscription-status.ts';
