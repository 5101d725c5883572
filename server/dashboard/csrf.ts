import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { csrfTokenMatches } from '../accounts/sessions.service.js'
import { ProblemError } from '../http/problem.js'
import type { DashContext, DashEnv } from './context.js'
import { cookieOptions } from './session.js'

/** The hidden form field (or request header, for fetch) that carries the CSRF token. */
export const CSRF_FIELD = '_csrf'
export const CSRF_HEADER = 'X-CSRF-Token'
const LOGIN_COOKIE = 'np_login_csrf'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const refused = () =>
  new ProblemError(
    403,
    'csrf_failed',
    'The form was sent without a valid security token, so it was refused. Reload the page and try again.'
  )

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length > 0 && x.length === y.length && timingSafeEqual(x, y)
}

async function submittedToken(c: DashContext): Promise<string | undefined> {
  const header = c.req.header(CSRF_HEADER)
  if (header) return header
  const type = c.req.header('Content-Type') ?? ''
  if (!/form-data|x-www-form-urlencoded/i.test(type)) return undefined
  const value = (await c.req.parseBody())[CSRF_FIELD]
  return typeof value === 'string' ? value : undefined
}

/**
 * The login form has no session yet, so its token is double-submitted: a random cookie that
 * the form repeats. Another site can neither read nor set that cookie.
 */
export function loginCsrfToken(c: DashContext): string {
  const existing = getCookie(c, LOGIN_COOKIE)
  if (existing) return existing
  const token = randomBytes(24).toString('base64url')
  setCookie(c, LOGIN_COOKIE, token, cookieOptions(c, '/ui/login'))
  return token
}

/**
 * Synchronizer-token check for every unsafe request under /ui: the session's token (or the
 * login cookie's) must come back in the form or the X-CSRF-Token header. hono/csrf runs
 * before this and checks Origin; the token also covers browsers that send no Origin.
 */
export const requireCsrfToken: MiddlewareHandler<DashEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next()
  const submitted = (await submittedToken(c)) ?? ''
  if (c.req.path === '/ui/login') {
    if (!sameToken(getCookie(c, LOGIN_COOKIE) ?? '', submitted)) throw refused()
    return next()
  }
  const session = c.get('session')
  // Without a session nothing can happen: requireLogin sends the browser to the login page.
  if (session && !csrfTokenMatches(session, submitted)) throw refused()
  return next()
}
