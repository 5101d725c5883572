import type { MiddlewareHandler } from 'hono'
import { authenticate, type Principal } from '../api-keys/api-keys.service.js'
import type { Deps } from '../deps.js'
import type { CodeWithStatus } from './error-codes.js'
import { ProblemError } from './problem.js'
import type { AppEnv } from './router.js'

export type { Principal }

const REALM = 'Bearer realm="nodeplane"'

function unauthorized(code: CodeWithStatus<401>, detail: string, error?: string): ProblemError {
  const challenge = error ? `${REALM}, error="${error}"` : REALM
  return new ProblemError(401, code, detail, { headers: { 'WWW-Authenticate': challenge } })
}

/** Reads `Authorization: Bearer <key>` (scheme matched case-insensitively, RFC 7235). */
async function verify(deps: Deps, header: string): Promise<Principal> {
  const match = /^(\S+) +(\S+) *$/.exec(header)
  if (!match) {
    throw unauthorized(
      'malformed_authorization',
      'expected "Authorization: Bearer <API key>"',
      'invalid_request'
    )
  }
  const [, scheme = '', secret = ''] = match
  if (scheme.toLowerCase() !== 'bearer') {
    throw unauthorized(
      'invalid_auth_scheme',
      `scheme "${scheme}" is not accepted; use Bearer`,
      'invalid_request'
    )
  }
  const result = await authenticate(deps, secret)
  if (result === 'unknown')
    throw unauthorized('invalid_api_key', 'the API key is not valid', 'invalid_token')
  if (result === 'revoked')
    throw unauthorized('revoked_api_key', 'the API key was revoked', 'invalid_token')
  return result
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Requires a valid key; a `read` key may only use GET (403 otherwise). */
export function requireKey(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization')
    if (!header)
      throw unauthorized(
        'missing_api_key',
        'this endpoint requires "Authorization: Bearer <API key>"'
      )
    const principal = await verify(deps, header)
    if (principal.scope === 'read' && !READ_METHODS.has(c.req.method)) {
      throw new ProblemError(
        403,
        'insufficient_scope',
        'this API key has the read scope; the action needs read_write',
        {
          headers: { 'WWW-Authenticate': `${REALM}, error="insufficient_scope"` },
        }
      )
    }
    c.set('principal', principal)
    await next()
  }
}

/** For public endpoints: no key is fine, but a key that is sent must be valid. */
export function optionalKey(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization')
    if (header) c.set('principal', await verify(deps, header))
    await next()
  }
}

/** The verified principal of a route behind `requireKey`. */
export function principalOf(c: { get(key: 'principal'): Principal | undefined }): Principal {
  const principal = c.get('principal')
  if (!principal) throw new Error('route is not behind requireKey')
  return principal
}
