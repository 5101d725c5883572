import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { createRouter } from '../http/router.js'
import * as routes from './limits.routes.js'
import { accountLimits } from './limits.service.js'

/** The account's limits; the app mounts it behind `requireKey`. */
export function limitsRouter(deps: Deps) {
  return createRouter().openapi(routes.get, async (c) =>
    c.json(await accountLimits(deps, principalOf(c).accountId), 200)
  )
}
