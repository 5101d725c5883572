import type { MiddlewareHandler } from 'hono'
import { invalidField } from './problem.js'

/**
 * Refuses `%00` in a path or query parameter with a 400 naming it. No id, region or filter
 * holds a NUL, and PostgreSQL cannot even compare text with one (it answered 500 where SQLite
 * found nothing); JSON bodies get the same rule in json-body.ts.
 */
export const refuseNulInUrl: MiddlewareHandler = async (c, next) => {
  const url = c.req.url
  if (!/%00/i.test(url)) return next()
  const query = url.indexOf('?')
  if (query >= 0 && url.slice(query).toLowerCase().includes('%00')) {
    for (const [name, value] of new URLSearchParams(url.slice(query + 1))) {
      if (`${name}${value}`.includes('\u0000'))
        throw invalidField(name || 'query', 'must not contain NUL characters')
    }
  }
  throw invalidField('path', 'must not contain NUL characters')
}
