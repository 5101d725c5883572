import { createRoute, z } from '@hono/zod-openapi'
import { jsonBody } from '../http/json-body.js'
import {
  authErrors,
  bearer,
  idempotencyErrors,
  idempotencyHeaders,
  jsonContent as json,
  links,
  problemResponse,
} from '../http/responses.js'
import {
  CreateSshKeyBody,
  SshKey,
  SshKeyIdParam,
  SshKeyListQuery,
  UpdateSshKeyBody,
} from './ssh-keys.schema.js'

const tags = ['SSH keys']
const notFound = problemResponse('No such SSH key on the account')

export const create = createRoute({
  method: 'post',
  path: '/api/v1/ssh-keys',
  tags,
  summary: 'Add an SSH key',
  security: bearer,
  middleware: [jsonBody] as const,
  request: {
    headers: idempotencyHeaders,
    body: { content: json(CreateSshKeyBody), required: true },
  },
  responses: {
    201: {
      description: 'The new SSH key with its fingerprint',
      content: json(SshKey),
      links: links(['getSshKey', 'deleteSshKey']),
    },
    400: problemResponse('Invalid body or content type, or a public key that is refused'),
    ...authErrors,
    409: problemResponse('The name or the key itself is already on the account'),
    ...idempotencyErrors,
  },
})

export const list = createRoute({
  method: 'get',
  path: '/api/v1/ssh-keys',
  tags,
  summary: 'List SSH keys',
  security: bearer,
  request: { query: SshKeyListQuery },
  responses: {
    200: {
      description: 'Every SSH key of the account (that matches `label_selector`), oldest first',
      content: json(z.array(SshKey)),
    },
    400: problemResponse('A malformed `label_selector`'),
    ...authErrors,
  },
})

export const getOne = createRoute({
  method: 'get',
  path: '/api/v1/ssh-keys/{id}',
  operationId: 'getSshKey',
  tags,
  summary: 'Get one SSH key',
  security: bearer,
  request: { params: SshKeyIdParam },
  responses: {
    200: { description: 'The SSH key', content: json(SshKey) },
    ...authErrors,
    404: notFound,
  },
})

export const update = createRoute({
  method: 'patch',
  path: '/api/v1/ssh-keys/{id}',
  operationId: 'updateSshKey',
  tags,
  summary: 'Rename an SSH key or change its labels',
  description:
    '`labels` replaces the whole set. The key itself cannot change: add a new one. Fields left out stay as they are; ' +
    '`{}` changes nothing.',
  security: bearer,
  middleware: [jsonBody] as const,
  request: { params: SshKeyIdParam, body: { content: json(UpdateSshKeyBody), required: true } },
  responses: {
    200: { description: 'The SSH key as changed', content: json(SshKey) },
    400: problemResponse('Invalid body or content type, or invalid labels (naming `labels.<key>`)'),
    ...authErrors,
    404: notFound,
    409: problemResponse('Another SSH key of the account has the name (`ssh_key_name_taken`)'),
  },
})

export const remove = createRoute({
  method: 'delete',
  path: '/api/v1/ssh-keys/{id}',
  operationId: 'deleteSshKey',
  tags,
  summary: 'Delete an SSH key',
  security: bearer,
  request: { params: SshKeyIdParam },
  responses: { 204: { description: 'Deleted' }, ...authErrors, 404: notFound },
})
