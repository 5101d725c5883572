import type { MiddlewareHandler } from 'hono'
import type { Logger } from 'pino'
import type { AppEnv } from './router.js'

/** The paths load balancers and Prometheus ask all day (server/operations/). */
const PROBES = new Set(['/healthz', '/readyz', '/metrics'])

/**
 * One structured line per request. It names only method, path, status, duration and ids:
 * never headers or bodies, so keys and passwords cannot reach the log.
 */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now()
    await next()
    // Probes and scrapes come every few seconds: at info they would drown every other line.
    const level = PROBES.has(c.req.path) && c.res.status < 400 ? 'debug' : 'info'
    log[level](
      {
        request_id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        duration_ms: Math.round((performance.now() - start) * 100) / 100,
        account_id: c.get('principal')?.accountId,
        key_id: c.get('principal')?.keyId,
      },
      'request'
    )
  }
}
