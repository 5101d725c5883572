import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { DashContext } from './context.js'
import { cookieOptions } from './session.js'

const FLASH_COOKIE = 'np_flash'

/** A one-time message shown on the next page, after a form's redirect. */
export interface Flash {
  kind: 'ok' | 'error'
  text: string
}

/** Stores a message for the page the browser is redirected to next. */
export function setFlash(c: DashContext, kind: Flash['kind'], text: string): void {
  const value = Buffer.from(JSON.stringify({ kind, text })).toString('base64url')
  setCookie(c, FLASH_COOKIE, value, { ...cookieOptions(c, '/ui'), maxAge: 60 })
}

/** Reads the pending message, if any, and clears it so it shows once. */
export function takeFlash(c: DashContext): Flash | undefined {
  const value = getCookie(c, FLASH_COOKIE)
  if (!value) return undefined
  deleteCookie(c, FLASH_COOKIE, cookieOptions(c, '/ui'))
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Flash
    return parsed.kind === 'ok' || parsed.kind === 'error'
      ? { kind: parsed.kind, text: String(parsed.text) }
      : undefined
  } catch {
    return undefined
  }
}
