import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { createRouter } from '../http/router.js'
import * as routes from './events.routes.js'
import { listEvents } from './events.service.js'
import { streamEvents } from './events.stream.js'

/** `GET /api/v1/events`: pages of JSON, or a live stream for `Accept: text/event-stream`. */
export function eventsRouter(deps: Deps) {
  return createRouter().openapi(routes.list, async (c) => {
    const accountId = principalOf(c).accountId
    const query = c.req.valid('query')
    if (c.req.header('Accept')?.includes('text/event-stream')) {
      const resumeAfter = c.req.valid('header')['last-event-id'] ?? query.cursor
      return await streamEvents(
        c,
        deps,
        accountId,
        query,
        resumeAfter === undefined ? undefined : Number(resumeAfter)
      )
    }
    return c.json(await listEvents(deps, accountId, query), 200)
  })
}
