import type { OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { ProblemError } from './problem.js'

/** The query parameters each documented route declares, by `METHOD /hono/:path`. */
type DeclaredQueries = Map<string, Set<string>>

function declaredQueries(app: OpenAPIHono<any>): DeclaredQueries {
  const routes: DeclaredQueries = new Map()
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue
    const { method, path, request } = definition.route
    const shape = (request?.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {}
    // The same translation OpenAPIHono makes when it registers the route.
    const honoPath = path.replaceAll(/\/{(.+?)}/g, '/:$1')
    routes.set(`${method.toUpperCase()} ${honoPath}`, new Set(Object.keys(shape)))
  }
  return routes
}

function unknownParameters(names: string[]): ProblemError {
  const errors = names.map((field) => ({ field, message: 'is not a known query parameter' }))
  const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ')
  return new ProblemError(400, 'invalid_request', detail, { errors })
}

/**
 * Refuses query parameters that the matched API route does not declare in its zod query
 * schema (a route without one takes none): a misspelt `limt` must not silently fall back to
 * the default. Routes outside the OpenAPI document (dashboard, docs) are left alone. The
 * declarations are read on first use, once every router is mounted.
 */
export function refuseUnknownQuery(app: OpenAPIHono<any>): MiddlewareHandler {
  let declared: DeclaredQueries | undefined
  return async (c, next) => {
    const start = c.req.url.indexOf('?')
    if (start < 0) return next()
    declared ??= declaredQueries(app)
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method
    const endpoint = matchedRoutes(c).find((route) => route.method === method)
    const allowed = endpoint && declared.get(`${method} ${endpoint.path}`)
    if (!allowed) return next()
    const names = new Set(new URLSearchParams(c.req.url.slice(start + 1)).keys())
    const unknown = [...names].filter((name) => !allowed.has(name))
    if (unknown.length > 0) throw unknownParameters(unknown)
    return next()
  }
}
