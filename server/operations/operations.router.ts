/**
 * `GET /healthz`, `GET /readyz` and `GET /metrics`: what load balancers, systemd and Prometheus
 * ask a server (docs/operations.md, "Health and metrics").
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import type { Deps } from '../deps.js'
import { ProblemError } from '../http/problem.js'
import { createRouter } from '../http/router.js'
import * as routes from './operations.routes.js'
import { CHECKS, changeLogger, checkReadiness, notReady } from './readiness.js'

export function operationsRouter(deps: Deps) {
  const logChange = changeLogger(deps.log)
  const app = createRouter()
    .openapi(routes.healthz, (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(routes.readyz, async (c) => {
      const results = await checkReadiness(deps)
      for (const name of CHECKS) logChange(name, results[name])
      const refusal = notReady(results)
      if (refusal) throw refusal
      const checks = { database: 'ok', engine: 'ok', disk: 'ok' } as const
      return c.json({ status: 'ready' as const, checks }, 200)
    })
  // Not in the OpenAPI document: Prometheus's text format, and a token of its own, not a key.
  app.get('/metrics', async (c) => {
    const token = deps.config.metricsToken
    if (!token) return c.notFound() // off: as any unknown path
    requireMetricsToken(c, token)
    const body = await deps.metrics.registry.metrics()
    return c.body(body, 200, { 'Content-Type': deps.metrics.registry.contentType })
  })
  return app
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** `Authorization: Bearer <NODEPLANE_METRICS_TOKEN>`, compared in constant time. */
function requireMetricsToken(c: Context, token: string): void {
  const match = /^bearer +(\S+) *$/i.exec(c.req.header('Authorization') ?? '')
  if (match && timingSafeEqual(digest(match[1]!), digest(token))) return
  throw new ProblemError(
    401,
    'invalid_metrics_token',
    'this endpoint requires "Authorization: Bearer <NODEPLANE_METRICS_TOKEN>"',
    {
      headers: { 'WWW-Authenticate': 'Bearer realm="nodeplane-metrics"' },
    }
  )
}
