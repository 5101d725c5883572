/**
 * Counts every request for `/metrics` by its route pattern (`/nodes/:id`), never its path: a
 * path carries ids, which would make a series per node and show them to the scraper.
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { ServerMetrics } from './metrics.js'

/** The label of a request no route matched (an unknown path, or a method a path lacks). */
export const UNMATCHED = 'unmatched'

/**
 * The pattern of the route that serves the request: the last matched route registered for
 * a method (middleware is registered for `ALL`, and `*` patterns match anything).
 */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c).filter((route) => route.method !== 'ALL')
  return routes.at(-1)?.path ?? UNMATCHED
}

export function recordRequests(metrics: ServerMetrics): MiddlewareHandler {
  return async (c, next) => {
    const stop = metrics.requestSeconds.startTimer()
    try {
      await next()
    } finally {
      const labels = { method: c.req.method, route: routePattern(c) }
      stop(labels)
      metrics.requests.inc({ ...labels, status: String(c.res.status) })
    }
  }
}
