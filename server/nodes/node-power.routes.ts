/**
 * `POST /api/v1/nodes/{id}/actions/{action}`: one route per action, so each has its own
 * operation in the OpenAPI document and an unknown action is the 404 of any unknown path.
 * @module
 */
import { createRoute } from '@hono/zod-openapi'
import { authErrors, bearer, jsonContent as json, problemResponse } from '../http/responses.js'
import type { PowerAction } from '../provisioning/driver.js'
import { Node, NodeIdParam } from './nodes.schema.js'

const ACTIONS = {
  reboot: {
    operationId: 'rebootNode',
    summary: 'Reboot a node',
    description:
      "A clean restart through the node's init. `power_state` is `rebooting` until the node accepts connections " +
      'again, then `on` (`node.rebooted`; `wait_for=power_on`). A node that is off answers 409 `node_powered_off`.',
  },
  shutdown: {
    operationId: 'shutdownNode',
    summary: 'Shut a node down',
    description:
      "A clean stop through the node's init (as `poweroff` run inside it), hard after 60 seconds. `power_state` " +
      'becomes `off` once it is stopped (`node.powered_off`; `wait_for=power_off`).',
  },
  poweroff: {
    operationId: 'powerOffNode',
    summary: 'Power a node off',
    description:
      'At once, as pulling the plug: unsaved data may be lost. `power_state` becomes `off` once it is stopped ' +
      '(`node.powered_off`; `wait_for=power_off`).',
  },
  poweron: {
    operationId: 'powerOnNode',
    summary: 'Power a node on',
    description:
      '`power_state` becomes `on` once the node accepts connections (`node.powered_on`; `wait_for=power_on`).',
  },
  reset: {
    operationId: 'resetNode',
    summary: 'Reset a node',
    description:
      'A hard restart: power off at once, then on. `power_state` is `rebooting` until the node accepts connections ' +
      'again, then `on` (`node.rebooted`; `wait_for=power_on`). A node that is off answers 409 `node_powered_off`.',
  },
} as const satisfies Record<PowerAction, object>

const COMMON =
  ' Answers 202 with the node as it is then; an action already done (`poweron` on a node that is on) is a 202 ' +
  'that changes nothing. The node keeps its disk, addresses and billing throughout. Needs a `read_write` key.'

function actionRoute(action: PowerAction) {
  const { operationId, summary, description } = ACTIONS[action]
  return createRoute({
    method: 'post',
    path: `/api/v1/nodes/{id}/actions/${action}`,
    operationId,
    tags: ['Nodes'],
    summary,
    description: description + COMMON,
    security: bearer,
    request: { params: NodeIdParam },
    responses: {
      202: { description: 'Accepted: the node as it is now', content: json(Node) },
      ...authErrors,
      404: problemResponse('No such node on the account, or it was deleted'),
      409: problemResponse(
        'The node is `provisioning` or `deleting` (`node_not_running`), another action is under way ' +
          "(`action_in_progress`), it is off (`node_powered_off`, reboot and reset), or the server's driver " +
          'cannot power nodes (`action_unsupported`)'
      ),
    },
  })
}

export type PowerRoute = ReturnType<typeof actionRoute>

/** The five action routes, by action. */
export const powerRoutes = Object.fromEntries(
  (Object.keys(ACTIONS) as PowerAction[]).map((action) => [action, actionRoute(action)])
) as Record<PowerAction, PowerRoute>
