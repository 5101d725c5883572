import type { HttpBindings } from '@hono/node-server'
import type { Context, MiddlewareHandler } from 'hono'
import { buffer } from 'node:stream/consumers'
import { hasDeclaredLength } from './limits.js'
import { invalidField } from './problem.js'

// Fatal, because the Fetch API's text() and json() replace invalid bytes with U+FFFD: the
// server would store something other than what the client sent.
const utf8 = new TextDecoder('utf-8', { fatal: true })

function decode(bytes: ArrayBuffer | Buffer): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw invalidField('body', 'is not valid UTF-8', 'invalid_body')
  }
}

/**
 * The request's body as text, read from the wire once and refused unless valid UTF-8. Hono's
 * request keeps it, so the validators' `c.req.json()` and every middleware read the same text
 * without a copy of the stream (a `clone()` each cost more than the rest of the body handling).
 */
export function bodyText(c: Context): Promise<string> {
  const cache = cachedBody(c)
  cache.text ??= bodyBytes(c).then(decode)
  return cache.text
}

/**
 * A body of declared length (limits.ts has checked it) is read straight from Node's request
 * when the server runs on Node: asking the adapter's request for its body builds a fetch
 * Request and a web stream around Node's, which cost more than the rest of a small POST's
 * body handling. Any other body (chunked, or under `app.request()` in tests) goes through
 * the Request, where Hono's body limit watches the stream.
 */
function bodyBytes(c: Context): Promise<ArrayBuffer | Buffer> {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming
  if (incoming === undefined || !hasDeclaredLength(c)) return c.req.arrayBuffer()
  return buffer(incoming)
}

// Hono types its body cache by the values, but holds (and reads back) their promises.
const cachedBody = (c: Context) => c.req.bodyCache as { text?: Promise<string> }

/** The path of the first string holding a NUL character, e.g. `region` or `tags.0`. */
function nulAt(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string')
    return value.includes('\u0000') ? path.join('.') || 'body' : undefined
  if (value === null || typeof value !== 'object') return undefined
  for (const [key, inner] of Object.entries(value)) {
    const found = nulAt(inner, [...path, key])
    if (found) return found
  }
  return undefined
}

/**
 * PostgreSQL cannot store a NUL character in text, and no name, region or id has one: refused
 * for every field alike, so both databases answer the same 400 (malformed JSON is left to the
 * validator's own message).
 */
function refuseNul(text: string): void {
  if (!text.toLowerCase().includes('\\u0000')) return
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return
  }
  const field = nulAt(parsed)
  if (field) throw invalidField(field, 'must not contain NUL characters')
}

/**
 * Runs before the validators of a route with a JSON body: requires valid UTF-8 and
 * `Content-Type: application/json`, and treats an empty POST body as `{}`. Without the last
 * step the contract's own case, `POST /nodes` with no body, fails as malformed JSON
 * (docs/development.md, Traps 1). The contract (docs/contract.md 4.1) requires the header on
 * POST /nodes even then; routes whose body is optional accept an empty body without it
 * (`typeOptionalWhenEmpty`).
 */
function jsonBodyMiddleware(typeOptionalWhenEmpty: boolean): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header('Content-Type') ?? ''
    const text = await bodyText(c)
    const empty = text.trim() === ''
    if (!/^application\/json\s*(;|$)/i.test(type) && !(empty && !type && typeOptionalWhenEmpty)) {
      const message = type
        ? `must be application/json, not ${type}`
        : 'is required: application/json'
      throw invalidField('Content-Type', message, 'unsupported_content_type')
    }
    if (!empty) refuseNul(text)
    // Only a POST: the contract's POST /nodes may come without a body. An update (PATCH)
    // without one is a mistake, left to fail as malformed JSON.
    if (empty && c.req.method === 'POST') {
      // The validators parse JSON only under its content type, which an empty POST may lack.
      // (A new request: the body of this one has been read.)
      c.req.raw = new Request(c.req.url, {
        method: c.req.method,
        headers: { ...Object.fromEntries(c.req.raw.headers), 'content-type': 'application/json' },
      })
      cachedBody(c).text = Promise.resolve('{}')
    }
    await next()
  }
}

export const jsonBody = jsonBodyMiddleware(false)
export const optionalJsonBody = jsonBodyMiddleware(true)
