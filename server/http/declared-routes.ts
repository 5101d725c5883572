import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'

/** Finds the documented route a request matched, if any. */
export type RouteOf = (c: Context) => RouteConfig | undefined

/**
 * The routes in an app's OpenAPI document, for middleware that acts on what each route
 * declares (its security, its query parameters) rather than on a hand-kept list of paths.
 * Read on first use, once every router is mounted; dashboard and docs routes are not in it.
 */
export function declaredRoutes(app: OpenAPIHono<any>): RouteOf {
  let routes: Map<string, RouteConfig> | undefined
  function build(): Map<string, RouteConfig> {
    const map = new Map<string, RouteConfig>()
    for (const definition of app.openAPIRegistry.definitions) {
      if (definition.type !== 'route') continue
      const { method, path } = definition.route
      // The same translation OpenAPIHono makes when it registers the route.
      map.set(`${method.toUpperCase()} ${path.replaceAll(/\/{(.+?)}/g, '/:$1')}`, definition.route)
    }
    return map
  }
  return (c) => {
    routes ??= build()
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method
    const endpoint = matchedRoutes(c).find(
      (route) => route.method === method && routes!.has(`${method} ${route.path}`)
    )
    return endpoint && routes.get(`${method} ${endpoint.path}`)
  }
}

/** True for a route whose every security alternative needs a key (optional keys list `{}`). */
export function needsKey(route: RouteConfig): boolean {
  const security = route.security ?? []
  return security.length > 0 && security.every((alternative) => 'bearerAuth' in alternative)
}

/** Runs `middleware` on requests to documented routes that `applies` selects. */
export function onDeclared(
  routeOf: RouteOf,
  applies: (route: RouteConfig) => boolean,
  middleware: MiddlewareHandler<any>
): MiddlewareHandler<any> {
  return (c, next) => {
    const route = routeOf(c)
    return route && applies(route) ? middleware(c, next) : next()
  }
}
