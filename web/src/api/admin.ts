import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { AdminPolicySort, AdminPolicySource, PolicyCreate, PolicySaveConflict, PolicyUpdate, StoryRow } from '../../../api/shared/admin-schemas.ts';
import { ApiError, call, callPage, queryParams, rpc } from './client.ts';
import type { TranslationStatus } from '../../../vocabulary/translation-status.ts';

/** The back office's calls (spec section 7). Every answer here is fresh: admins act on what they see. */

/** The answers' types are written once in api/shared, which the routes satisfy; the screens name them from here. */
export type { DatabaseStats as AdminStats } from '../../../api/shared/database-stats.ts';
export type { AdminPolicy, AdminPolicyRow, AdminUserRow, SearchRebuild, StoryRow, SystemStatus } from '../../../api/shared/admin-schemas.ts';
export type { PolicySaveConflict } from '../../../api/shared/admin-schemas.ts';
export type { PolicyVersionRow, TrashedPolicyRow } from '../../../api/shared/policy-history-schemas.ts';
export type { ContactMessageRow as ContactMessage } from '../../../api/shared/contact-schemas.ts';

/** Everything the admin screens read starts with this key, so one invalidation refreshes them all. */
const admin = ['admin'] as const;
export const adminKeys = {
  all: admin,
  stats: [...admin, 'stats'] as const,
  policies: [...admin, 'policies'] as const,
  users: [...admin, 'users'] as const,
};

export const adminStatsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: () => call(rpc.admin.stats.$get()),
  staleTime: 0,
});

export const systemStatusQuery = queryOptions({
  queryKey: [...admin, 'system-status'],
  queryFn: () => call(rpc.admin['system-status'].$get()),
  staleTime: 0,
  refetchInterval: 15_000,
});

export type PolicyListParams = {
  page: number;
  search: string;
  sortBy?: AdminPolicySort;
  sortDirection?: 'asc' | 'desc';
  warningsOnly: boolean;
  translation?: TranslationStatus;
} & PolicyFilters;

/** Policy Management's further filters (GET /api/admin/policies's departmentId ... source). */
export type PolicyFilters = {
  departmentId?: number;
  impactMin?: number;
  impactMax?: number;
  dateFrom?: string;
  dateTo?: string;
  source?: AdminPolicySource;
};

export const adminPoliciesQuery = (params: PolicyListParams) =>
  queryOptions({
    queryKey: [...adminKeys.policies, params],
    queryFn: () =>
      callPage(
        rpc.admin.policies.$get({
          query: queryParams({
            page: params.page,
            pageSize: 100,
            search: params.search.trim(),
            sortBy: params.sortBy,
            sortDirection: params.sortBy ? params.sortDirection : undefined,
            warningsOnly: params.warningsOnly ? 'true' : undefined,
            translation: params.warningsOnly ? undefined : params.translation,
            departmentId: params.departmentId,
            impactMin: params.impactMin,
            impactMax: params.impactMax,
            dateFrom: params.dateFrom,
            dateTo: params.dateTo,
            source: params.source,
          }),
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

export const adminPolicyQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminKeys.policies, 'one', id],
    queryFn: () => call(rpc.admin.policies[':id'].$get({ param: { id: String(id) } })),
    staleTime: 0,
    retry: false,
  });

export const updatePolicy = (id: number, json: PolicyUpdate) => call(rpc.admin.policies[':id'].$patch({ param: { id: String(id) }, json }));
export const saveTranslation = (id: number, translation: string | null) =>
  call(rpc.admin.policies[':id'].translation.$post({ param: { id: String(id) }, json: { translation } }));
export const saveTranslations = (id: number, json: { english_translation: string | null; chinese_original: string | null }) =>
  call(rpc.admin.policies[':id'].translations.$patch({ param: { id: String(id) }, json }));
export const deletePolicy = (id: number) => call(rpc.admin.policies[':id'].$delete({ param: { id: String(id) } }));
export const deletePolicies = (policyIds: number[]) => call(rpc.admin['batch-delete-policies'].$post({ json: { policyIds } }));
export const createPolicy = (json: PolicyCreate) => call(rpc.admin.policies.$post({ json }));

/** A save refused because another admin saved after the editor opened the policy: who and when (409's `error.details`). */
export function saveConflictOf(error: unknown): PolicySaveConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const details = (JSON.parse(error.body) as { error?: { details?: PolicySaveConflict } }).error?.details;
    return details && typeof details.savedAt === 'string' ? details : null;
  } catch {
    return null;
  }
}

export const policyTrashQuery = queryOptions({
  queryKey: [...adminKeys.policies, 'trash'],
  queryFn: () => call(rpc.admin['policy-trash'].$get()),
  staleTime: 0,
  retry: false,
});
export const restorePolicies = (policyIds: number[]) => call(rpc.admin['policy-trash'].restore.$post({ json: { policyIds } }));
export const purgePolicies = (policyIds: number[]) => call(rpc.admin['policy-trash'].purge.$post({ json: { policyIds } }));

export const policyVersionsQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminKeys.policies, 'versions', id],
    queryFn: () => call(rpc.admin.policies[':id'].versions.$get({ param: { id: String(id) } })),
    staleTime: 0,
    retry: false,
  });
/** Two versions' English texts, paragraph by paragraph (the older first). */
export const translationComparisonQuery = (id: number, version: number, otherVersion: number) =>
  queryOptions({
    queryKey: [...adminKeys.policies, 'versions', id, 'compare', version, otherVersion],
    queryFn: () => call(rpc.admin.policies[':id'].versions[':version'].compare[':otherVersion'].$get({ param: { id: String(id), version: String(version), otherVersion: String(otherVersion) } })),
    staleTime: 0,
    retry: false,
  });
export const restorePolicyVersion = (id: number, version: number, baseVersion?: number) =>
  call(rpc.admin.policies[':id'].versions[':version'].restore.$post({ param: { id: String(id), version: String(version) }, json: { baseVersion } }));

export const adminUsersQuery = (params: { page: number; search: string }) =>
  queryOptions({
    queryKey: [...adminKeys.users, params],
    queryFn: () => callPage(rpc.admin.users.$get({ query: queryParams({ page: params.page, pageSize: 100, search: params.search.trim() }) })),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

export const updateUserRole = (id: number, role: 'user' | 'editor' | 'admin') =>
  call(rpc.admin.users[':id'].$patch({ param: { id: String(id) }, json: { role } }));
export const deleteUser = (id: number) => call(rpc.admin.users[':id'].$delete({ param: { id: String(id) } }));

export const latestRebuildQuery = queryOptions({
  queryKey: [...admin, 'search-rebuild'],
  queryFn: () => call(rpc.admin['search-rebuilds'].latest.$get()),
  staleTime: 0,
  // Followed closely while one runs, then left alone.
  refetchInterval: (query) => (query.state.data?.rebuild && ['queued', 'running'].includes(query.state.data.rebuild.status) ? 1000 : false),
});
export const startRebuild = () => call(rpc.admin['search-rebuilds'].$post());

export const contactMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: [...admin, 'contact-messages', page],
    queryFn: () => call(rpc.admin['contact-messages'].$get({ query: queryParams({ page, pageSize: 20 }) })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const markContactMessage = (id: number, handled: boolean) =>
  call(rpc.admin['contact-messages'][':id'].$patch({ param: { id: String(id) }, json: { handled } }));

export const storyKeys = { all: [...admin, 'stories'] as const };

/** A page of the queue; with `status`, the stories in that state only (processed ones too). */
export const pendingStoriesQuery = (page: number, status?: StoryRow['status']) =>
  queryOptions({
    queryKey: [...storyKeys.all, 'page', page, status ?? 'queue'],
    queryFn: () => call(rpc.admin['pending-stories'].$get({ query: queryParams({ page, pageSize: 200, status }) })),
    placeholderData: keepPreviousData,
    // Live while the worker has stories in hand.
    refetchInterval: (query) => ((query.state.data?.counts.processing ?? 0) > 0 ? 2000 : false),
    staleTime: 0,
    retry: false,
  });

export const storyQuery = (id: number) =>
  queryOptions({
    queryKey: [...storyKeys.all, 'one', id],
    queryFn: () => call(rpc.admin.stories[':id'].$get({ param: { id: String(id) } })),
    staleTime: 0,
    retry: false,
  });

export const markStory = (id: number, success: boolean) => call(rpc.admin.stories[':id']['mark-processed'].$post({ param: { id: String(id) }, json: { success } }));
export const deleteStory = (id: number) => call(rpc.admin.stories[':id'].$delete({ param: { id: String(id) } }));
export const requeueStory = (id: number) => call(rpc.admin.stories[':id'].requeue.$post({ param: { id: String(id) } }));
export const deleteStories = (storyIds: number[]) => call(rpc.admin['batch-delete-stories'].$post({ json: { storyIds } }));

export const processStories = (storyIds: number[]) => call(rpc.admin['process-stories'].$post({ json: { storyIds } }));
export const resetProcessing = (password: string) => call(rpc.admin['reset-processing'].$post({ json: { password } }));
export const reprocessPolicy = (id: number) => call(rpc.admin['reprocess-policy'][':id'].$post({ param: { id: String(id) }, json: {} }));
export const reprocessPolicies = (policyIds: number[]) => call(rpc.admin['reprocess-policies'].$post({ json: { policyIds } }));
/** What reprocessing these policies would change and keep: asked before the admin confirms, nothing written. */
export const reprocessPreviewQuery = (policyIds: number[]) =>
  queryOptions({
    queryKey: [...admin, 'reprocess-preview', policyIds],
    queryFn: () =>
      policyIds.length === 1
        ? call(rpc.admin['reprocess-policy'][':id'].preview.$post({ param: { id: String(policyIds[0]) }, json: {} }))
        : call(rpc.admin['reprocess-policies'].preview.$post({ json: { policyIds } })),
    staleTime: 0,
    gcTime: 0,
  });

/** The upload card's history: the newest imports, who ran them and what came of them. */
export const importHistoryQuery = queryOptions({
  queryKey: [...admin, 'import-jobs'],
  queryFn: () => call(rpc.admin['import-jobs'].$get()),
});
export type ImportHistoryEntry = InferResponseType<(typeof rpc.admin)['import-jobs']['$get'], 200>['imports'][number];

export type ImportAnswer = InferResponseType<(typeof rpc.admin)['import-jobs'][':id']['$get'], 200>;
export const importJobQuery = (id: number) =>
  queryOptions({
    queryKey: [...admin, 'import-jobs', id],
    queryFn: () => call(rpc.admin['import-jobs'][':id'].$get({ param: { id: String(id) } })),
    // The card follows a running import until it ends.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
    staleTime: 0,
  });
