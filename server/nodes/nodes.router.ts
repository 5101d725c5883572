import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { pageHeaders } from '../http/next-page.js'
import { createRouter } from '../http/router.js'
import { idempotentAnswer } from '../idempotency/idempotent-answer.js'
import type { PowerAction } from '../provisioning/driver.js'
import { putSshKeys } from './node-access.routes.js'
import { putNodeSshKeys } from './node-access.service.js'
import { powerRoutes, type PowerRoute } from './node-power.routes.js'
import { powerNode } from './node-power.service.js'
import { rebuild } from './node-rebuild.routes.js'
import { rebuildNode } from './node-rebuild.service.js'
import * as routes from './nodes.routes.js'
import { createNode, deleteNode, getNode, listNodesPage, nodeCredentials } from './nodes.service.js'
import { updateNode } from './nodes.update.js'
import { waitForNode } from './nodes.wait.js'
import { metrics } from './node-metrics.routes.js'
import { getNodeMetrics } from './node-metrics.service.js'
import * as userDataRoutes from './user-data.routes.js'
import { getUserData, getUserDataResult } from './user-data.service.js'

/** The contract's node endpoints (no /api/v1 prefix) and the credentials, user data and action extensions. */
export function nodesRouter(deps: Deps) {
  const router = createRouter()
  for (const [action, route] of Object.entries(powerRoutes) as [PowerAction, PowerRoute][]) {
    router.openapi(route, async (c) =>
      c.json(await powerNode(deps, principalOf(c).accountId, c.req.valid('param').id, action), 202)
    )
  }
  return router
    .openapi(rebuild, async (c) =>
      c.json(
        await rebuildNode(
          deps,
          principalOf(c).accountId,
          c.req.valid('param').id,
          c.req.valid('json').user_data
        ),
        202
      )
    )
    .openapi(routes.create, async (c) =>
      c.json(
        await createNode(
          deps,
          principalOf(c).accountId,
          c.req.valid('json'),
          idempotentAnswer(c, 201)
        ),
        201
      )
    )
    .openapi(routes.list, async (c) => {
      const { nodes, after } = await listNodesPage(
        deps,
        principalOf(c).accountId,
        c.req.valid('query')
      )
      return c.json(nodes, 200, pageHeaders(c.req.url, after))
    })
    .openapi(routes.getOne, async (c) => {
      const { id } = c.req.valid('param')
      const { wait_for: target, timeout } = c.req.valid('query')
      const accountId = principalOf(c).accountId
      const held = Math.min(timeout, deps.config.waitMaxSeconds)
      const node = target
        ? await waitForNode(deps, accountId, id, target, held)
        : await getNode(deps, accountId, id)
      return c.json(node, 200)
    })
    .openapi(routes.update, async (c) =>
      c.json(
        await updateNode(
          deps,
          principalOf(c).accountId,
          c.req.valid('param').id,
          c.req.valid('json')
        ),
        200
      )
    )
    .openapi(routes.remove, async (c) => {
      await deleteNode(deps, principalOf(c).accountId, c.req.valid('param').id)
      return c.body(null, 204)
    })
    .openapi(routes.credentials, async (c) =>
      c.json(await nodeCredentials(deps, principalOf(c), c.req.valid('param').id), 200)
    )
    .openapi(putSshKeys, async (c) =>
      c.json(
        await putNodeSshKeys(
          deps,
          principalOf(c).accountId,
          c.req.valid('param').id,
          c.req.valid('json')
        ),
        200
      )
    )
    .openapi(userDataRoutes.userData, async (c) =>
      c.json(await getUserData(deps, principalOf(c), c.req.valid('param').id), 200)
    )
    .openapi(userDataRoutes.userDataResult, async (c) =>
      c.json(await getUserDataResult(deps, principalOf(c), c.req.valid('param').id), 200)
    )
    .openapi(metrics, async (c) => {
      const { accountId } = principalOf(c)
      const query = c.req.valid('query')
      return c.json(await getNodeMetrics(deps, accountId, c.req.valid('param').id, query), 200)
    })
}
