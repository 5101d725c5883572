import { every } from 'hono/combine'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { consoleRouter } from './console/console.router.js'
import { computeHostsRouter } from './compute-hosts/compute-hosts.router.js'
import { dashboardRouter } from './dashboard/dashboard.router.js'
import type { Deps } from './deps.js'
import { actorContext } from './events/actor.js'
import { eventsRouter } from './events/events.router.js'
import { firewallsRouter } from './firewalls/firewalls.router.js'
import { requireKey } from './http/auth.js'
import { declaredRoutes, needsKey, onDeclared } from './http/declared-routes.js'
import { limitBodySize } from './http/limits.js'
import { refuseNulInUrl } from './http/nul.js'
import { idempotency } from './idempotency/idempotency.middleware.js'
import { methodNotAllowed } from './http/method-not-allowed.js'
import { mountOpenApi } from './http/openapi.js'
import { notFound, onError } from './http/problem.js'
import { requestLog } from './http/request-log.js'
import { createRouter } from './http/router.js'
import { refuseUnknownQuery } from './http/unknown-query.js'
import { registryRouter } from './registry/registry.router.js'
import type { ReleaseSource } from './registry/release-source.js'
import { sshKeysRouter } from './ssh-keys/ssh-keys.router.js'
import { nodesRouter } from './nodes/nodes.router.js'
import { operationsRouter } from './operations/operations.router.js'
import { recordRequests } from './operations/request-metrics.js'
import { publicIpsRouter } from './public-ips/public-ips.router.js'
import { usageRouter } from './usage/usage.router.js'
import { limitsRouter } from './limits/limits.router.js'
import { vpcsRouter } from './vpcs/vpcs.router.js'
import { webhooksRouter } from './webhooks/webhooks.router.js'

const API_CSP = { contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } }

/**
 * The whole HTTP application: middleware order, API routers, OpenAPI and docs. `nodeplane
 * serve` passes the provider release source whose background build it started.
 */
export function createApp(deps: Deps, parts: { providerRelease?: ReleaseSource } = {}) {
  const app = createRouter()
  // What each route declares in the OpenAPI document (its security, its query) decides what
  // runs for it, so no list of paths can forget a new route.
  const routeOf = declaredRoutes(app)
  app.use(requestId())
  // First, so every answer is counted, refusals by later middleware included.
  app.use(recordRequests(deps.metrics))
  // Events name who caused them: the request, its key or its dashboard user.
  app.use(actorContext())
  app.use(requestLog(deps.log))
  app.use(methodNotAllowed(app))
  app.use(secureHeaders({ referrerPolicy: 'no-referrer' }))
  // JSON answers never need to run or embed anything.
  app.use(onDeclared(routeOf, () => true, secureHeaders(API_CSP)))
  app.use(limitBodySize)
  app.use(refuseNulInUrl)
  app.use(refuseUnknownQuery(routeOf))
  app.onError(onError(deps.log))
  app.notFound(notFound)
  // Discovery's optional key is checked by its own router.
  app.use(onDeclared(routeOf, needsKey, every(requireKey(deps), idempotency(deps))))

  app.route('/', operationsRouter(deps))
  app.route('/', nodesRouter(deps))
  app.route('/', consoleRouter(deps))
  app.route('/', publicIpsRouter(deps))
  app.route('/', vpcsRouter(deps))
  app.route('/', sshKeysRouter(deps))
  app.route('/', firewallsRouter(deps))
  app.route('/', computeHostsRouter(deps))
  app.route('/', usageRouter(deps))
  app.route('/', limitsRouter(deps))
  app.route('/', eventsRouter(deps))
  app.route('/', webhooksRouter(deps))
  mountOpenApi(app)
  app.route('/', registryRouter(deps, parts.providerRelease))
  app.route('/', dashboardRouter(deps))
  return app
}

export type App = ReturnType<typeof createApp>
