import type { MiddlewareHandler } from 'hono'
import { invalidField } from './problem.js'

// Fatal, because the Fetch API's text() and json(), which the validators use, replace invalid
// bytes with U+FFFD: the server would store something other than what the client sent.
const utf8 = new TextDecoder('utf-8', { fatal: true })

async function bodyText(request: Request): Promise<string> {
  try {
    return utf8.decode(await request.clone().arrayBuffer())
  } catch {
    throw invalidField('body', 'is not valid UTF-8', 'invalid_body')
  }
}

/**
 * Runs before the validators of a POST route with a JSON body: requires valid UTF-8 and
 * `Content-Type: application/json`, and treats an empty body as `{}`. Without the last
 * step the spec's own case, `POST /nodes` with no body, fails as malformed JSON (STYLE.md 0.1).
 * The spec requires the header on POST /nodes even then; routes whose body is optional
 * accept an empty body without it (`typeOptionalWhenEmpty`).
 */
function jsonBodyMiddleware(typeOptionalWhenEmpty: boolean): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header('Content-Type') ?? ''
    const empty = (await bodyText(c.req.raw)).trim() === ''
    if (!/^application\/json\s*(;|$)/i.test(type) && !(empty && !type && typeOptionalWhenEmpty)) {
      const message = type ? `must be application/json, not ${type}` : 'is required: application/json'
      throw invalidField('Content-Type', message, 'unsupported_content_type')
    }
    if (empty) {
      c.req.raw = new Request(c.req.raw, { body: '{}', headers: { ...Object.fromEntries(c.req.raw.headers), 'content-type': 'application/json' } })
    }
    await next()
  }
}

export const jsonBody = jsonBodyMiddleware(false)
export const optionalJsonBody = jsonBodyMiddleware(true)
