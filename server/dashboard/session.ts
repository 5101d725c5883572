import type { MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { SESSION_MAX_MS, sessionFromToken } from '../accounts/sessions.service.js'
import type { Deps } from '../deps.js'
import { publicBase } from '../http/public-url.js'
import type { DashContext, DashEnv } from './context.js'

export const SESSION_COOKIE = 'np_session'

/**
 * Puts the server's public base (http/public-url.ts) on the context, for the cookies and the
 * links of the page: NODEPLANE_PUBLIC_URL, else what a trusted proxy forwards.
 */
export function rememberPublicBase(config: Deps['config']): MiddlewareHandler<DashEnv> {
  return (c, next) => {
    c.set('publicBase', publicBase(c, config))
    return next()
  }
}

/**
 * https as the browser sees it. Without rememberPublicBase before it, only a direct TLS
 * connection counts: no header can make a cookie Secure or not.
 */
export function isHttps(c: DashContext): boolean {
  return (c.get('publicBase') ?? c.req.url).startsWith('https:')
}

/** The cookie attributes every dashboard cookie shares. */
export function cookieOptions(c: DashContext, path = '/') {
  return { path, httpOnly: true, sameSite: 'Lax', secure: isHttps(c) } as const
}

export function setSessionCookie(c: DashContext, token: string): void {
  // The server decides expiry (idle and absolute); the cookie only must not outlive the maximum.
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge: SESSION_MAX_MS / 1000 })
}

export function clearSessionCookie(c: DashContext): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c))
}

/** Puts the session of a valid cookie on the context; an expired cookie is cleared. */
export function loadSession(deps: Deps): MiddlewareHandler<DashEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE)
    if (token) {
      const session = await sessionFromToken(deps, token)
      if (session) c.set('session', session)
      else clearSessionCookie(c)
    }
    await next()
  }
}

/** Pages need a login: browsers go to the login page and come back; JSON callers get 401. */
export const requireLogin: MiddlewareHandler<DashEnv> = async (c, next) => {
  if (c.get('session')) return next()
  if (c.req.path.startsWith('/ui/api/')) return c.json({ error: 'not logged in' }, 401)
  const url = new URL(c.req.url)
  const back =
    c.req.method === 'GET' ? `?next=${encodeURIComponent(url.pathname + url.search)}` : ''
  return c.redirect(`/ui/login${back}`, 303)
}
