import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { createRouter } from '../http/router.js'
import * as routes from './usage.routes.js'
import { accountUsage } from './usage.service.js'

/** Billing usage; the app mounts it behind `requireKey`. */
export function usageRouter(deps: Deps) {
  return createRouter().openapi(routes.get, async (c) =>
    c.json(await accountUsage(deps, principalOf(c).accountId, c.req.valid('query')), 200)
  )
}
