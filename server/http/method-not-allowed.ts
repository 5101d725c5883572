import type { Hono } from 'hono'
import { ProblemError, sendProblem } from './problem.js'

/**
 * Hono answers a known path with the wrong method as 404. For every registered path this adds
 * a catch-all that answers 405 with the `Allow` header instead. Call it after all routes.
 */
export function addMethodNotAllowed(app: Hono<any>, paths: (path: string) => boolean): void {
  const allowed = new Map<string, Set<string>>()
  for (const route of app.routes) {
    if (route.method === 'ALL' || !paths(route.path)) continue
    const methods = allowed.get(route.path) ?? new Set<string>()
    methods.add(route.method)
    allowed.set(route.path, methods)
  }
  for (const [path, methods] of allowed) {
    const allow = [...methods].sort().join(', ')
    app.all(path, (c) =>
      sendProblem(
        c,
        new ProblemError(405, 'method_not_allowed', `${c.req.method} is not allowed here; use ${allow}`, {
          headers: { Allow: allow },
        })
      )
    )
  }
}
