import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Deps } from '../deps.js'
import type { DashContext } from './context.js'
import { cookieOptions } from './session.js'

/** A secret just created (an API key, a webhook's signing secret), to show once. */
export interface NewSecret {
  name: string
  secret: string
}

const cookieName = (page: string) => `np_secret_${page.split('/').at(-1)}`

/**
 * Hands a new secret to the page a creating form redirects to (post/redirect/get, so a reload
 * repeats nothing). It travels sealed with the server's secret key in a cookie that lives a
 * minute, is sent only to that page and is deleted when read: nothing stores it.
 */
export function handOverSecret(deps: Deps, c: DashContext, page: string, value: NewSecret): void {
  setCookie(c, cookieName(page), deps.secrets.seal(JSON.stringify(value)), {
    ...cookieOptions(c, page),
    maxAge: 60,
  })
}

/** The secret handed over to `page` by the redirecting POST, once; undefined on any later view. */
export function takeSecret(deps: Deps, c: DashContext, page: string): NewSecret | undefined {
  const sealed = getCookie(c, cookieName(page))
  if (!sealed) return undefined
  deleteCookie(c, cookieName(page), cookieOptions(c, page))
  try {
    const value = JSON.parse(deps.secrets.open(sealed)) as NewSecret
    return typeof value.name === 'string' && typeof value.secret === 'string' ? value : undefined
  } catch {
    return undefined
  }
}
