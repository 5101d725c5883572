import type { MiddlewareHandler } from 'hono'
import { invalidField } from './problem.js'

/**
 * Runs before the validators of a POST route with a JSON body: requires the spec's
 * `Content-Type: application/json`, and treats an empty body as `{}`. Without the second
 * step the spec's own case, `POST /nodes` with no body, fails as malformed JSON (STYLE.md 0.1).
 */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('Content-Type') ?? ''
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    const message = type ? `must be application/json, not ${type}` : 'is required: application/json'
    throw invalidField('Content-Type', message, 'unsupported_content_type')
  }
  if ((await c.req.raw.clone().text()).trim() === '') {
    c.req.raw = new Request(c.req.raw, { body: '{}' })
  }
  await next()
}
