import type { MiddlewareHandler } from 'hono'
import type { RouteOf } from './declared-routes.js'
import { ProblemError } from './problem.js'

function unknownParameters(names: string[]): ProblemError {
  const errors = names.map((field) => ({ field, message: 'is not a known query parameter' }))
  const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ')
  return new ProblemError(400, 'invalid_request', detail, { errors })
}

/**
 * Refuses query parameters that the matched API route does not declare in its zod query
 * schema (a route without one takes none): a misspelt `limt` must not silently fall back to
 * the default. Routes outside the OpenAPI document (dashboard, docs) are left alone.
 */
export function refuseUnknownQuery(routeOf: RouteOf): MiddlewareHandler {
  return async (c, next) => {
    const start = c.req.url.indexOf('?')
    if (start < 0) return next()
    const route = routeOf(c)
    if (!route) return next()
    const allowed = new Set(
      Object.keys(
        (route.request?.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {}
      )
    )
    const names = new Set(new URLSearchParams(c.req.url.slice(start + 1)).keys())
    const unknown = [...names].filter((name) => !allowed.has(name))
    if (unknown.length > 0) throw unknownParameters(unknown)
    return next()
  }
}
