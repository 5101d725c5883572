/**
 * `POST /api/v1/nodes/{id}/actions/rebuild`: the action beside the power ones that takes a body
 * (the new user data) and answers the new root password.
 * @module
 */
import { createRoute } from '@hono/zod-openapi'
import { optionalJsonBody } from '../http/json-body.js'
import {
  authErrors,
  bearer,
  idempotencyErrors,
  idempotencyHeaders,
  jsonContent as json,
  problemResponse,
} from '../http/responses.js'
import { NodeIdParam, RebuildNodeBody, RebuiltNode } from './nodes.schema.js'

export const rebuild = createRoute({
  method: 'post',
  path: '/api/v1/nodes/{id}/actions/rebuild',
  operationId: 'rebuildNode',
  tags: ['Nodes'],
  summary: 'Rebuild a node in place',
  description:
    "Wipes the node's disk and installs it again from the current node image, keeping its id, name, labels, " +
    'addresses, SSH keys, VPC and firewalls; a node that is off is rebuilt too, and ends on. The root password ' +
    'changes: the new one is in this answer and in the credentials. The user data (the given one, else the ' +
    "node's own) runs once more: `user_data_status` is `pending` again and the last run's output is dropped. " +
    '`power_state` is `rebuilding` until the node accepts connections again, then `on` (`node.rebuilt`; ' +
    '`wait_for=power_on`, then `wait_for=user_data`). Billing goes on without a break. Every call rebuilds ' +
    '(unless it repeats an `Idempotency-Key`). Needs a `read_write` key.',
  security: bearer,
  middleware: [optionalJsonBody] as const,
  request: {
    params: NodeIdParam,
    headers: idempotencyHeaders,
    body: { content: json(RebuildNodeBody) },
  },
  responses: {
    202: {
      description: 'Accepted: the node as it is now, with its new root password',
      content: json(RebuiltNode),
    },
    400: problemResponse('Invalid body or `user_data`'),
    ...authErrors,
    404: problemResponse('No such node on the account, or it was deleted'),
    409: problemResponse(
      'The node is `provisioning` or `deleting` (`node_not_running`), another action is under way ' +
        "(`action_in_progress`), or the server's driver cannot rebuild nodes (`action_unsupported`)"
    ),
    ...idempotencyErrors,
  },
})
