import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { publicBase } from '../http/public-url.js'
import { createRouter } from '../http/router.js'
import { requestConsole as route } from './console.routes.js'
import { requestConsole } from './console.service.js'

/** `POST /api/v1/nodes/{id}/console`; the socket is console.socket.ts's. */
export function consoleRouter(deps: Deps) {
  return createRouter().openapi(route, async (c) => {
    const { accountId } = principalOf(c)
    const base = publicBase(c, deps.config)
    return c.json(await requestConsole(deps, accountId, c.req.valid('param').id, base), 201)
  })
}
