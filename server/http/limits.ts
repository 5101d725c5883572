import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { rateLimiter } from 'hono-rate-limiter'
import type { ServerOptions } from 'node:http'
import type { Config } from '../config.js'
import { ProblemError, sendProblem } from './problem.js'
import type { AppEnv } from './router.js'

/** Request bodies are small JSON objects; anything larger is refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024

const bodyLimitOf: MiddlewareHandler = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) =>
    sendProblem(
      c,
      new ProblemError(
        413,
        'payload_too_large',
        `request bodies are limited to ${MAX_BODY_BYTES} bytes`
      )
    ),
})

/**
 * A body whose length the client declared, without a chunked encoding: Node's parser reads
 * exactly that many bytes, so checking the header limits the body.
 */
export function hasDeclaredLength(c: Context): boolean {
  return (
    c.req.header('content-length') !== undefined && c.req.header('transfer-encoding') === undefined
  )
}

/**
 * Refuses bodies over MAX_BODY_BYTES. A declared length is checked here, as Hono's body limit
 * checks it; only a chunked body goes through that limit, which watches the stream. Asking
 * the request for its stream makes the Node adapter build a full fetch Request: a tenth of
 * the cost of a hot GET, and more than the rest of a small POST's body handling.
 */
export const limitBodySize: MiddlewareHandler = (c, next) => {
  if (hasDeclaredLength(c)) {
    // Node's parser refuses a length that is not a number; Hono's limit judges one anyway.
    const length = Number(c.req.header('content-length'))
    return Number.isFinite(length) && length <= MAX_BODY_BYTES ? next() : bodyLimitOf(c, next)
  }
  return c.req.header('transfer-encoding') !== undefined ? bodyLimitOf(c, next) : next()
}

/**
 * Limits a public endpoint per API key, or per client address for anonymous callers, to
 * `perMinute` requests; 0 turns it off. Answers 429 with `Retry-After` and the IETF
 * `RateLimit` / `RateLimit-Policy` headers. Counts live in this process's memory.
 */
export function limitRate(perMinute: number): MiddlewareHandler<AppEnv> {
  if (perMinute === 0) return (_c, next) => next()
  return rateLimiter<AppEnv>({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-7',
    keyGenerator: (c) => {
      const principal = c.get('principal')
      return principal
        ? `key:${principal.keyId}`
        : `ip:${getConnInfo(c).remote.address ?? 'unknown'}`
    },
    handler: (c) =>
      sendProblem(
        c,
        new ProblemError(429, 'rate_limited', `more than ${perMinute} requests a minute; slow down`)
      ),
  })
}

/**
 * Room for the request line and headers. Node's 16 KiB default answered a bare 431 before any
 * validation to a `label_selector` under its 4,096-character limit once percent-encoded (up to
 * 12 bytes a character); with 64 KiB the API answers such a request itself, and a longer one
 * with a problem+json 400 naming the parameter.
 */
export const MAX_HEADER_BYTES = 64 * 1024

/**
 * Node's limits on slow clients: headers, then the whole request, within the configured time.
 * Node enforces both only when it checks its connections, by default every 30 s, which let a
 * client hold on for up to 30 s past either limit; a tenth of the shorter limit (at most 1 s)
 * keeps the cut-off within 10% of it.
 */
export function slowClientLimits(
  config: Pick<Config, 'headersTimeoutSeconds' | 'requestTimeoutSeconds'>
): ServerOptions {
  const headersTimeout = config.headersTimeoutSeconds * 1000
  return {
    headersTimeout,
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionsCheckingInterval: Math.min(1000, Math.ceil(headersTimeout / 10)),
  }
}
