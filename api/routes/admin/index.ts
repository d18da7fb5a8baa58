import { Hono } from 'hono';
import { requireAdmin } from '../../auth/roles.ts';
import type { AuthEnv } from '../../auth/session.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminActivityRoutes } from './activity/index.ts';
import { adminContactMessageRoutes } from './contact-messages/index.ts';
import { adminOutboxRoutes } from './outbox/index.ts';
import { adminPolicyRoutes } from './policies/index.ts';
import { adminImportRoutes } from './imports/index.ts';
import { adminLinkRoutes } from './links/index.ts';
import { adminProcessingRoutes } from './processing/index.ts';
import { adminSourceRoutes } from './sources/index.ts';
import { adminStatsRoutes } from './stats/index.ts';
import { adminStoryRoutes } from './stories/index.ts';
import { adminStoryRequeueRoutes } from './stories/requeue.ts';
import { adminSystemRoutes } from './system/index.ts';
import { adminUserRoutes } from './users/index.ts';

/**
 * Every /api/admin call, behind one role guard: admin and super_admin; anonymous 401, user and
 * editor 403 (api/auth/roles.ts). Each resource is a sub-app in admin/<resource>/.
 */
export function adminRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .use(requireAdmin)
    .route('/stats', adminStatsRoutes(deps))
    .route('/activity', adminActivityRoutes(deps))
    .route('/contact-messages', adminContactMessageRoutes(deps))
    .route('/users', adminUserRoutes(deps))
    .route('/sources', adminSourceRoutes(deps))
    .route('/outbox', adminOutboxRoutes(deps))
    .route('/links', adminLinkRoutes(deps))
    .route('/', adminSystemRoutes(deps))
    .route('/', adminStoryRoutes(deps))
    .route('/', adminStoryRequeueRoutes(deps))
    .route('/', adminProcessingRoutes(deps))
    .route('/', adminImportRoutes(deps))
    .route('/', adminPolicyRoutes(deps));
}
