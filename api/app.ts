import { Hono } from 'hono';
import { clientIpMiddleware } from './auth/client-ip.ts';
import { csrfProtection } from './auth/csrf.ts';
import { sessionMiddleware, type AuthEnv } from './auth/session.ts';
import type { AppDeps } from './app-deps.ts';
import { AppError, renderError } from './http/errors.ts';
import { authRoutes } from './routes/auth/index.ts';
import { billingRoutes } from './routes/billing/index.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { apiDocsRoutes } from './routes/api-docs/index.ts';
import { apiKeyRoutes } from './routes/api-keys/index.ts';
import { alertRoutes } from './routes/alerts/index.ts';
import { contactRoutes } from './routes/contact/index.ts';
import { exportRoutes } from './routes/exports/index.ts';
import { collectionRoutes } from './routes/collections/index.ts';
import { feedTokenRoutes } from './routes/feeds/feed-token.ts';
import { followRoutes } from './routes/user/follows.ts';
import { feedRoutes } from './routes/feeds/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { policyRoutes } from './routes/policies/index.ts';
import { analyticsRoutes } from './routes/analytics/index.ts';
import { referenceRoutes } from './routes/reference/index.ts';
import { savedSearchRoutes } from './routes/saved-searches/index.ts';
import { scraperStatusRoutes } from './routes/scraper-status/index.ts';
import { readingRoutes } from './routes/reading/index.ts';
import { searchRoutes } from './routes/search/index.ts';
import { databaseStatsRoutes } from './routes/stats/index.ts';
import { userRoutes } from './routes/user/index.ts';
import { publicApiRoutes } from './routes/v1/index.ts';

/** The one app factory: the server and the tests both build the API with it. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AuthEnv>()
    .basePath('/api')
    // What an API answer holds depends on who asks (session, entitlement): no shared cache may
    // keep it, unless the route says it is the same for everyone (reference lists, public stats).
    .use(async (c, next) => {
      await next();
      // On the response's own headers: c.header() after the response is made would rebuild it
      // (on Node, from a stream), which cost a search about 0.3 ms (issue 18's profile).
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'private, no-store');
    })
    // Before anything reads a body or a session: a forged request goes no further.
    .use(csrfProtection(deps.config))
    .use(clientIpMiddleware(deps.config))
    // Public calls that read no session, answered before the session lookup (a Postgres read).
    .route('/health', healthRoutes(deps))
    .route('/', referenceRoutes(deps))
    .route('/contact', contactRoutes(deps))
    // Feed readers send no cookie: a feed's reader is its token's owner (or a visitor).
    .route('/feeds', feedRoutes(deps))
    // The public API authenticates by API key alone: before the session lookup, so no cookie is read.
    .route('/v1', publicApiRoutes(deps))
    .route('/docs', apiDocsRoutes())
    .use(sessionMiddleware(deps))
    // What a search may match depends on the reader's subscription (search sees what they may read).
    .route('/search', searchRoutes(deps))
    .route('/analytics', analyticsRoutes(deps))
    // Exports: /policies/{id}/export, /search/export, /collections/{id}/export (entitlement checked per call).
    .route('/', exportRoutes(deps))
    .route('/reading', readingRoutes(deps))
    .route('/policies', policyRoutes(deps))
    .route('/auth', authRoutes(deps))
    .route('/', billingRoutes(deps))
    .route('/user/feed-token', feedTokenRoutes(deps))
    .route('/user/follows', followRoutes(deps))
    .route('/user', userRoutes(deps))
    .route('/user/api-keys', apiKeyRoutes(deps))
    .route('/collections', collectionRoutes(deps))
    .route('/alerts', alertRoutes(deps))
    .route('/saved-searches', savedSearchRoutes(deps))
    .route('/admin', adminRoutes(deps))
    .route('/database-stats', databaseStatsRoutes(deps))
    .route('/scraper-status', scraperStatusRoutes(deps));

  app.notFound((c) => renderError(new AppError('not_found', 'No such API endpoint'), c));
  app.onError((error, c) => renderError(error, c));
  return app;
}

export type App = ReturnType<typeof createApp>;
