import { useQuery } from '@tanstack/react-query';
import { subscriptionQuery } from '../api/billing.ts';
import { useCurrentUser } from '../auth/current-user.ts';

/**
 * Who the export menus are for, as the server decides it (api/exports/access.ts): staff and readers
 * whose subscription grants the full text. A visitor is asked to sign in and a reader without it is
 * shown what Full Access gives, before a click that the server would refuse. `checking` while the
 * user or their subscription loads.
 */
export type ExportAccess = 'checking' | 'visitor' | 'reader' | 'exporter';

export function useExportAccess(): ExportAccess {
  const user = useCurrentUser();
  const staff = user.data ? user.data.role !== 'user' : false;
  const subscription = useQuery({ ...subscriptionQuery, enabled: Boolean(user.data) && !staff });
  if (user.isPending) return 'checking';
  if (!user.data) return 'visitor';
  if (staff) return 'exporter';
  if (subscription.isPending) return 'checking';
  return subscription.data?.entitled ? 'exporter' : 'reader';
}
