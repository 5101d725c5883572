/**
 * `POST /api/v1/nodes/{id}/console`: a one-time URL of a root shell in the node. The socket
 * itself is served beside the HTTP API (console.socket.ts).
 * @module
 */
import { createRoute } from '@hono/zod-openapi'
import { authErrors, bearer, jsonContent as json, problemResponse } from '../http/responses.js'
import { NodeIdParam } from '../nodes/nodes.schema.js'
import { NodeConsole } from './console.schema.js'

export const requestConsole = createRoute({
  method: 'post',
  path: '/api/v1/nodes/{id}/console',
  operationId: 'requestNodeConsole',
  tags: ['Nodes'],
  summary: "Open a node's console",
  description:
    'A root shell in the node through its engine, with no login prompt: it needs no sshd and no network ' +
    'inside the node. Connect a WebSocket to `url` within 60 seconds (it works once), send `password` as ' +
    'the first text frame, then exchange raw terminal bytes in binary frames; a text frame ' +
    '`{"resize":[cols,rows]}` resizes the terminal. The session is recorded as `node.console_opened` and ' +
    '`node.console_closed` events, from the address that connected. A node has at most 4 sessions open ' +
    'and an account 16 (`NODEPLANE_CONSOLE_SESSIONS_PER_NODE`, `..._PER_ACCOUNT`); a session ends after 8 ' +
    'hours (`NODEPLANE_CONSOLE_MAX_SECONDS`), and within seconds of the revocation of the key that asked ' +
    "for it. The socket's close codes are listed in docs/api.md. Over plain HTTP the URL and password " +
    'travel in clear: serve the API over TLS. Needs a `read_write` key.',
  security: bearer,
  request: { params: NodeIdParam },
  responses: {
    201: { description: 'A console URL and its password', content: json(NodeConsole) },
    ...authErrors,
    404: problemResponse('No such node on the account, or it was deleted (`node_not_found`)'),
    409: problemResponse(
      'The node is `provisioning` or `deleting` (`node_not_running`) or off (`node_powered_off`), ' +
        "the server's driver opens no consoles (`console_unsupported`), or the node or the account has " +
        'as many sessions open as it may (`console_session_limit`)'
    ),
  },
})
