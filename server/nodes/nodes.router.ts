import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { createRouter } from '../http/router.js'
import * as routes from './nodes.routes.js'
import { createNode, deleteNode, getNode, listNodes, nodeCredentials } from './nodes.service.js'

/** The spec's node endpoints (no /api/v1 prefix) and the credentials extension. */
export function nodesRouter(deps: Deps) {
  return createRouter()
    .openapi(routes.create, async (c) =>
      c.json(await createNode(deps, principalOf(c).accountId, c.req.valid('json')), 201)
    )
    .openapi(routes.list, (c) => c.json(listNodes(deps, principalOf(c).accountId), 200))
    .openapi(routes.getOne, (c) =>
      c.json(getNode(deps, principalOf(c).accountId, c.req.valid('param').id), 200)
    )
    .openapi(routes.remove, (c) => {
      deleteNode(deps, principalOf(c).accountId, c.req.valid('param').id)
      return c.body(null, 204)
    })
    .openapi(routes.credentials, (c) =>
      c.json(nodeCredentials(deps, principalOf(c), c.req.valid('param').id), 200)
    )
}
