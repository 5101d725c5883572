import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { createRouter } from '../http/router.js'
import { idempotentAnswer } from '../idempotency/idempotent-answer.js'
import * as routes from './public-ips.routes.js'
import type { AttachResult } from './public-ips.schema.js'
import { attachIp, detachIp, listNodeIps } from './public-ips.service.js'

/** Public IP attach, list and detach. */
export function publicIpsRouter(deps: Deps) {
  return createRouter()
    .openapi(routes.attach, async (c) => {
      const { id } = c.req.valid('param')
      // The engine may refuse the address after the commit, which takes the attachment back.
      const answer = idempotentAnswer<AttachResult>(c, 200, { mayUndo: true })
      return c.json(
        await attachIp(deps, principalOf(c).accountId, id, c.req.valid('json').ip, answer),
        200
      )
    })
    .openapi(routes.list, async (c) =>
      c.json(await listNodeIps(deps, principalOf(c).accountId, c.req.valid('param').id), 200)
    )
    .openapi(routes.detach, async (c) => {
      const { id } = c.req.valid('param')
      return c.json(
        await detachIp(deps, principalOf(c).accountId, id, c.req.valid('query').ip),
        200
      )
    })
}
