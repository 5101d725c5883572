import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { streamedJson } from '../http/json-stream.js'
import { pageHeaders } from '../http/next-page.js'
import { createRouter } from '../http/router.js'
import { idempotentAnswer } from '../idempotency/idempotent-answer.js'
import * as routes from './firewalls.routes.js'
import {
  createFirewall,
  deleteFirewall,
  getFirewall,
  listFirewallsPage,
  updateFirewall,
} from './firewalls.service.js'

/** Firewalls under /api/v1/firewalls; the app mounts it behind `requireKey`. */
export function firewallsRouter(deps: Deps) {
  return createRouter()
    .openapi(routes.create, async (c) =>
      c.json(
        await createFirewall(
          deps,
          principalOf(c).accountId,
          c.req.valid('json'),
          idempotentAnswer(c, 201)
        ),
        201
      )
    )
    .openapi(routes.list, async (c) => {
      const { firewalls, after } = await listFirewallsPage(
        deps,
        principalOf(c).accountId,
        c.req.valid('query')
      )
      // Streamed: a list of large firewalls is a megabyte (docs/performance.md, Tenants).
      return streamedJson(c, firewalls, pageHeaders(c.req.url, after))
    })
    .openapi(routes.getOne, async (c) =>
      c.json(await getFirewall(deps, principalOf(c).accountId, c.req.valid('param').id), 200)
    )
    .openapi(routes.update, async (c) =>
      c.json(
        await updateFirewall(
          deps,
          principalOf(c).accountId,
          c.req.valid('param').id,
          c.req.valid('json')
        ),
        200
      )
    )
    .openapi(routes.remove, async (c) => {
      await deleteFirewall(deps, principalOf(c).accountId, c.req.valid('param').id)
      return c.body(null, 204)
    })
}
