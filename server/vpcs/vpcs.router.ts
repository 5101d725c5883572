import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { createRouter } from '../http/router.js'
import { idempotentAnswer } from '../idempotency/idempotent-answer.js'
import * as routes from './vpcs.routes.js'
import { createVpc, deleteVpc, getVpc, listVpcs, updateVpc } from './vpcs.service.js'

/** VPC networks under /api/v1/networking; the app mounts it behind `requireKey`. */
export function vpcsRouter(deps: Deps) {
  return createRouter()
    .openapi(routes.create, async (c) =>
      c.json(
        await createVpc(
          deps,
          principalOf(c).accountId,
          c.req.valid('json'),
          idempotentAnswer(c, 201)
        ),
        201
      )
    )
    .openapi(routes.list, async (c) =>
      c.json(await listVpcs(deps, principalOf(c).accountId, c.req.valid('query')), 200)
    )
    .openapi(routes.getOne, async (c) =>
      c.json(await getVpc(deps, principalOf(c).accountId, c.req.valid('param').id), 200)
    )
    .openapi(routes.update, async (c) =>
      c.json(
        await updateVpc(
          deps,
          principalOf(c).accountId,
          c.req.valid('param').id,
          c.req.valid('json')
        ),
        200
      )
    )
    .openapi(routes.remove, async (c) => {
      await deleteVpc(deps, principalOf(c).accountId, c.req.valid('param').id)
      return c.body(null, 204)
    })
}
