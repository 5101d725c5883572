import { createRoute, z } from '@hono/zod-openapi'
import { jsonBody } from '../http/json-body.js'
import {
  authErrors,
  bearer,
  idempotencyErrors,
  idempotencyHeaders,
  jsonContent as json,
  problemResponse,
} from '../http/responses.js'
import {
  CreatedWebhook,
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookIdParam,
} from './webhooks.schema.js'

const tags = ['Webhooks']
const notFound = problemResponse('No such webhook on the account')
const request = { params: WebhookIdParam }

export const create = createRoute({
  method: 'post',
  path: '/api/v1/webhooks',
  tags,
  summary: 'Create a webhook',
  description:
    'Events from now on are POSTed to `url`, signed with the secret in this answer (it is not shown again).',
  security: bearer,
  middleware: [jsonBody] as const,
  request: {
    headers: idempotencyHeaders,
    body: { content: json(CreateWebhookBody), required: true },
  },
  responses: {
    201: { description: 'The webhook and its signing secret', content: json(CreatedWebhook) },
    400: problemResponse(
      'Invalid body, or a target that is not a public address (`webhook_target_refused`)'
    ),
    ...authErrors,
    ...idempotencyErrors,
  },
})

export const list = createRoute({
  method: 'get',
  path: '/api/v1/webhooks',
  tags,
  summary: 'List webhooks',
  security: bearer,
  responses: {
    200: { description: 'Every webhook of the account', content: json(z.array(Webhook)) },
    ...authErrors,
  },
})

export const getOne = createRoute({
  method: 'get',
  path: '/api/v1/webhooks/{id}',
  tags,
  summary: 'Get a webhook',
  security: bearer,
  request,
  responses: {
    200: { description: 'The webhook', content: json(Webhook) },
    ...authErrors,
    404: notFound,
  },
})

export const update = createRoute({
  method: 'patch',
  path: '/api/v1/webhooks/{id}',
  tags,
  summary: 'Change a webhook, or disable or enable it',
  security: bearer,
  middleware: [jsonBody] as const,
  request: { ...request, body: { content: json(UpdateWebhookBody), required: true } },
  responses: {
    200: { description: 'The webhook as changed', content: json(Webhook) },
    400: problemResponse('Invalid body or target'),
    ...authErrors,
    404: notFound,
    413: problemResponse('The body is larger than 64 KiB'),
  },
})

export const remove = createRoute({
  method: 'delete',
  path: '/api/v1/webhooks/{id}',
  tags,
  summary: 'Delete a webhook and its delivery log',
  security: bearer,
  request,
  responses: { 204: { description: 'Deleted' }, ...authErrors, 404: notFound },
})

export const deliveries = createRoute({
  method: 'get',
  path: '/api/v1/webhooks/{id}/deliveries',
  tags,
  summary: "The webhook's latest 100 deliveries, newest first, with every attempt",
  security: bearer,
  request,
  responses: {
    200: { description: 'The delivery log', content: json(z.array(WebhookDelivery)) },
    ...authErrors,
    404: notFound,
  },
})

export const test = createRoute({
  method: 'post',
  path: '/api/v1/webhooks/{id}/test',
  tags,
  summary: 'Send a test event',
  description:
    'Queues a `webhook.test` delivery, sent within a second like any other; see the delivery log for the answer.',
  security: bearer,
  request,
  responses: {
    202: { description: 'The queued delivery', content: json(WebhookDelivery) },
    ...authErrors,
    404: notFound,
    409: problemResponse('The webhook is disabled (`webhook_disabled`)'),
  },
})
