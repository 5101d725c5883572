import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { createRouter } from '../http/router.js'
import { idempotentAnswer } from '../idempotency/idempotent-answer.js'
import * as routes from './webhooks.routes.js'
import {
  changeWebhook,
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  sendTestEvent,
  webhookDeliveries,
} from './webhooks.service.js'

/** `/api/v1/webhooks`: CRUD, the delivery log and the test event; behind `requireKey`. */
export function webhooksRouter(deps: Deps) {
  const account = (c: Parameters<typeof principalOf>[0]) => principalOf(c).accountId
  return createRouter()
    .openapi(routes.create, async (c) =>
      c.json(
        await createWebhook(deps, account(c), c.req.valid('json'), idempotentAnswer(c, 201)),
        201
      )
    )
    .openapi(routes.list, async (c) => c.json(await listWebhooks(deps, account(c)), 200))
    .openapi(routes.getOne, async (c) =>
      c.json(await getWebhook(deps, account(c), c.req.valid('param').id), 200)
    )
    .openapi(routes.update, async (c) =>
      c.json(
        await changeWebhook(deps, account(c), c.req.valid('param').id, c.req.valid('json')),
        200
      )
    )
    .openapi(routes.remove, async (c) => {
      await deleteWebhook(deps, account(c), c.req.valid('param').id)
      return c.body(null, 204)
    })
    .openapi(routes.deliveries, async (c) =>
      c.json(await webhookDeliveries(deps, account(c), c.req.valid('param').id), 200)
    )
    .openapi(routes.test, async (c) =>
      c.json(await sendTestEvent(deps, account(c), c.req.valid('param').id), 202)
    )
}
