import { queryOptions } from '@tanstack/react-query';
import type { CreateAlertChannel } from '../../../api/shared/alert-schemas.ts';
import { call, rpc } from './client.ts';

/** The alert channels, alert settings and the back office's Outbox (api/routes/alerts, api/routes/admin/outbox). */
export const alertKeys = {
  channels: ['alerts', 'channels'] as const,
  settings: ['alerts', 'settings'] as const,
  outbox: ['admin', 'outbox'] as const,
};

export const alertChannelsQuery = () => queryOptions({ queryKey: alertKeys.channels, queryFn: () => call(rpc.alerts.channels.$get()), staleTime: 0 });
export const alertSettingsQuery = () => queryOptions({ queryKey: alertKeys.settings, queryFn: () => call(rpc.alerts.settings.$get()) });

export const createAlertChannel = (json: CreateAlertChannel) => call(rpc.alerts.channels.$post({ json }));
export const removeAlertChannel = (id: number) => call(rpc.alerts.channels[':id'].$delete({ param: { id: String(id) } }));
export const enableAlertChannel = (id: number) => call(rpc.alerts.channels[':id'].enable.$post({ param: { id: String(id) } }));
export const testAlertChannel = (id: number) => call(rpc.alerts.channels[':id'].test.$post({ param: { id: String(id) } }));
export const saveAlertSettings = (timeZone: string) => call(rpc.alerts.settings.$put({ json: { timeZone } }));

export const outboxQuery = (page: number) =>
  queryOptions({ queryKey: [...alertKeys.outbox, page], queryFn: () => call(rpc.admin.outbox.$get({ query: { page: String(page) } })), staleTime: 0 });
export const outboxMessageQuery = (id: number) =>
  queryOptions({ queryKey: [...alertKeys.outbox, 'message', id], queryFn: () => call(rpc.admin.outbox[':id'].$get({ param: { id: String(id) } })) });
