import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { createRouter } from '../http/router.js'
import { idempotentAnswer } from '../idempotency/idempotent-answer.js'
import * as routes from './ssh-keys.routes.js'
import {
  createSshKey,
  deleteSshKey,
  getSshKey,
  listSshKeys,
  updateSshKey,
} from './ssh-keys.service.js'

/** SSH keys under /api/v1/ssh-keys; the app mounts it behind `requireKey`. */
export function sshKeysRouter(deps: Deps) {
  return createRouter()
    .openapi(routes.create, async (c) =>
      c.json(
        await createSshKey(
          deps,
          principalOf(c).accountId,
          c.req.valid('json'),
          idempotentAnswer(c, 201)
        ),
        201
      )
    )
    .openapi(routes.list, async (c) =>
      c.json(await listSshKeys(deps, principalOf(c).accountId, c.req.valid('query')), 200)
    )
    .openapi(routes.getOne, async (c) =>
      c.json(await getSshKey(deps, principalOf(c).accountId, c.req.valid('param').id), 200)
    )
    .openapi(routes.update, async (c) =>
      c.json(
        await updateSshKey(
          deps,
          principalOf(c).accountId,
          c.req.valid('param').id,
          c.req.valid('json')
        ),
        200
      )
    )
    .openapi(routes.remove, async (c) => {
      await deleteSshKey(deps, principalOf(c).accountId, c.req.valid('param').id)
      return c.body(null, 204)
    })
}
