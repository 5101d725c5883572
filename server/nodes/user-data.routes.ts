import { createRoute } from '@hono/zod-openapi'
import { authErrors, bearer, jsonContent as json, problemResponse } from '../http/responses.js'
import { NodeIdParam } from './nodes.schema.js'
import { NodeUserData, NodeUserDataResult } from './user-data.schema.js'

const tags = ['Nodes']
const notFound = problemResponse(
  'No such node on the account, or it was deleted (`node_not_found`), or it has no user data (`user_data_not_found`)'
)

export const userData = createRoute({
  method: 'get',
  path: '/api/v1/nodes/{id}/user-data',
  operationId: 'getNodeUserData',
  tags,
  summary: 'Get the user data of a node',
  description:
    'The text as it was sent at creation. Needs a `read_write` key: it may hold secrets.',
  security: bearer,
  request: { params: NodeIdParam },
  responses: {
    200: { description: 'The user data', content: json(NodeUserData) },
    ...authErrors,
    404: notFound,
  },
})

export const userDataResult = createRoute({
  method: 'get',
  path: '/api/v1/nodes/{id}/user-data/result',
  operationId: 'getNodeUserDataResult',
  tags,
  summary: 'Get how the user data of a node ran',
  description:
    'Status, exit code and the last 64 KiB of output; the `node.user_data_finished` event tells when it ends. ' +
    'Needs a `read_write` key: the output may hold secrets.',
  security: bearer,
  request: { params: NodeIdParam },
  responses: {
    200: { description: 'The result so far', content: json(NodeUserDataResult) },
    ...authErrors,
    404: notFound,
  },
})
