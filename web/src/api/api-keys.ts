import { queryOptions } from '@tanstack/react-query';
import { call, rpc } from './client.ts';

/** The signed-in user's API keys (never the keys themselves: only their creation answers one). */
export const apiKeysQuery = queryOptions({
  queryKey: ['api-keys'],
  queryFn: () => call(rpc.user['api-keys'].$get()),
});

export const createApiKey = (name: string) => call(rpc.user['api-keys'].$post({ json: { name } }));

export const revokeApiKey = (id: number) => call(rpc.user['api-keys'][':id'].$delete({ param: { id: String(id) } }));

/** Where the public API's reference is served (by the API, not a page of the web app). */
export const apiDocsPath = '/api/docs';
