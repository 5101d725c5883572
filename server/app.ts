import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { computeHostsRouter } from './compute-hosts/compute-hosts.router.js'
import { dashboardRouter } from './dashboard/dashboard.router.js'
import type { Deps } from './deps.js'
import { actorContext } from './events/actor.js'
import { eventsRouter } from './events/events.router.js'
import { requireKey } from './http/auth.js'
import { limitBodySize } from './http/limits.js'
import { idempotency } from './idempotency/idempotency.middleware.js'
import { methodNotAllowed } from './http/method-not-allowed.js'
import { mountOpenApi } from './http/openapi.js'
import { notFound, onError } from './http/problem.js'
import { requestLog } from './http/request-log.js'
import { createRouter } from './http/router.js'
import { refuseUnknownQuery } from './http/unknown-query.js'
import { nodesRouter } from './nodes/nodes.router.js'
import { publicIpsRouter } from './public-ips/public-ips.router.js'
import { usageRouter } from './usage/usage.router.js'
import { vpcsRouter } from './vpcs/vpcs.router.js'
import { webhooksRouter } from './webhooks/webhooks.router.js'

/**
 * Paths that need an API key; discovery, the docs and the dashboard do not. In Hono `/a/*`
 * also matches `/a`, so listing both would run the middleware twice.
 */
const KEYED_PATHS = ['/nodes/*', '/api/v1/nodes/*', '/api/v1/networking/*', '/api/v1/usage', '/api/v1/events', '/api/v1/webhooks/*']

const API_CSP = { contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } }

/** The whole HTTP application: middleware order, API routers, OpenAPI and docs. */
export function createApp(deps: Deps) {
  const app = createRouter()
  app.use(requestId())
  // Events name who caused them: the request, its key or its dashboard user.
  app.use(actorContext())
  app.use(requestLog(deps.log))
  app.use(methodNotAllowed(app))
  app.use(secureHeaders({ referrerPolicy: 'no-referrer' }))
  // JSON answers never need to run or embed anything.
  for (const path of [...KEYED_PATHS, '/api/v1/compute']) app.use(path, secureHeaders(API_CSP))
  app.use(limitBodySize)
  app.use(refuseUnknownQuery(app))
  app.onError(onError(deps.log))
  app.notFound(notFound)
  for (const path of KEYED_PATHS) app.use(path, requireKey(deps), idempotency(deps))

  app.route('/', nodesRouter(deps))
  app.route('/', publicIpsRouter(deps))
  app.route('/', vpcsRouter(deps))
  app.route('/', computeHostsRouter(deps))
  app.route('/', usageRouter(deps))
  app.route('/', eventsRouter(deps))
  app.route('/', webhooksRouter(deps))
  mountOpenApi(app)
  app.route('/', dashboardRouter(deps))
  return app
}

export type App = ReturnType<typeof createApp>
