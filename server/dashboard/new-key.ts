import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Deps } from '../deps.js'
import type { DashContext } from './context.js'
import { cookieOptions } from './session.js'

const NEW_KEY_COOKIE = 'np_new_key'
const PATH = '/ui/settings/keys'

/** A key just created, to show once on the page the form redirects to. */
export interface NewKey {
  name: string
  secret: string
}

/**
 * Hands a new key's secret to the page after the form's redirect (post/redirect/get, so a
 * reload repeats nothing). It travels sealed with the server's secret key in a cookie that
 * lives a minute, is sent only to the keys page and is deleted when read: nothing stores it.
 */
export function handOverNewKey(deps: Deps, c: DashContext, key: NewKey): void {
  setCookie(c, NEW_KEY_COOKIE, deps.secrets.seal(JSON.stringify(key)), { ...cookieOptions(c, PATH), maxAge: 60 })
}

/** The key handed over by the redirecting POST, once; undefined on any later view. */
export function takeNewKey(deps: Deps, c: DashContext): NewKey | undefined {
  const sealed = getCookie(c, NEW_KEY_COOKIE)
  if (!sealed) return undefined
  deleteCookie(c, NEW_KEY_COOKIE, cookieOptions(c, PATH))
  try {
    const key = JSON.parse(deps.secrets.open(sealed)) as NewKey
    return typeof key.name === 'string' && typeof key.secret === 'string' ? key : undefined
  } catch {
    return undefined
  }
}
