import { createRoute } from '@hono/zod-openapi'
import { jsonBody } from '../http/json-body.js'
import { authErrors, bearer, jsonContent as json, problemResponse } from '../http/responses.js'
import { PutNodeSshKeysBody } from './node-access.schema.js'
import { Node, NodeIdParam } from './nodes.schema.js'

export const putSshKeys = createRoute({
  method: 'put',
  path: '/api/v1/nodes/{id}/ssh-keys',
  operationId: 'putNodeSshKeys',
  tags: ['Nodes'],
  summary: "Replace a node's SSH keys",
  description:
    "Makes root's `authorized_keys` exactly the given keys (and sshd's password login as given), live: a running " +
    'node is changed before the answer, without a rebuild, and keeps its id, disk and sessions. A node still ' +
    'provisioning gets them once it is up. Needs a `read_write` key.',
  security: bearer,
  middleware: [jsonBody] as const,
  request: {
    params: NodeIdParam,
    body: { content: json(PutNodeSshKeysBody), required: true },
  },
  responses: {
    200: { description: 'The node with its new keys', content: json(Node) },
    400: problemResponse(
      "Invalid body, a key id that is not the account's (`ssh_key_not_found`), or `password_login: false` without keys"
    ),
    ...authErrors,
    404: problemResponse('No such node on the account, or it was deleted'),
    409: problemResponse(
      'The node is being deleted (`node_not_running`) or restarted after a crash (`node_repairing`)'
    ),
    500: problemResponse(
      'The keys are recorded but could not be written on the node yet (`access_not_applied`); retry'
    ),
  },
})
