import { Hono } from 'hono';
import type { AppDeps } from './deps.ts';
import { AppError, renderError } from './errors.ts';
import { healthRoutes } from './routes/health/index.ts';

/** The one app factory: the server and the tests both build the API with it. */
export function createApp(deps: AppDeps) {
  const app = new Hono()
    .basePath('/api')
    .route('/health', healthRoutes(deps));

  app.notFound((c) => renderError(new AppError('not_found', 'No such API endpoint'), c));
  app.onError((error, c) => renderError(error, c));
  return app;
}

export type App = ReturnType<typeof createApp>;
