import { z } from '@hono/zod-openapi'
import { EVENT_TYPES } from '../events/events.schema.js'

const url = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .max(2048)
  .openapi({
    description: 'Where events are POSTed',
    example: 'https://hooks.example.com/nodeplane',
  })

const eventTypes = z
  .array(z.enum(EVENT_TYPES))
  .max(EVENT_TYPES.length)
  .openapi({
    description: 'Event types to deliver; empty (the default) means every type',
    example: ['node.running'],
  })

export const CreateWebhookBody = z
  .strictObject({
    url,
    event_types: eventTypes.default([]),
    description: z.string().max(255).optional(),
  })
  .openapi('CreateWebhook')

export const UpdateWebhookBody = z
  .strictObject({
    url: url.optional(),
    event_types: eventTypes.optional(),
    description: z.string().max(255).nullable().optional(),
    enabled: z.boolean().optional().openapi({
      description: 'false pauses deliveries; true resumes them, with what happened meanwhile',
    }),
  })
  .openapi('UpdateWebhook')

export const Webhook = z
  .object({
    id: z.string().openapi({ example: 'wh_3k7f2m9q4x8w1c5v6b0n' }),
    url: z.string(),
    description: z.string().nullable(),
    event_types: z.array(z.enum(EVENT_TYPES)),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().openapi({
      description: 'Why the server disabled it (persistent delivery failure); null otherwise',
    }),
    created_at: z.iso.datetime(),
  })
  .openapi('Webhook')

export const CreatedWebhook = Webhook.extend({
  secret: z.string().openapi({
    description:
      'The signing secret, shown only in this answer: store it to verify `Nodeplane-Signature`',
    example: 'whsec_q3Vh0m2yTtWq7cK9oN1xZ8bR4eF6uJ5aL0pS2dG7iH',
  }),
}).openapi('CreatedWebhook')

export const WebhookAttempt = z
  .object({
    attempt: z.number().int(),
    at: z.iso.datetime(),
    response_status: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Null when no answer came' }),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
  })
  .openapi('WebhookAttempt')

export const WebhookDelivery = z
  .object({
    id: z.string(),
    event_id: z.number().int().nullable().openapi({ description: 'Null for a test delivery' }),
    event_type: z.string().openapi({ example: 'node.running' }),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    next_attempt_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
    attempt_log: z.array(WebhookAttempt),
  })
  .openapi('WebhookDelivery')

export const WebhookIdParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'wh_3k7f2m9q4x8w1c5v6b0n' }),
})

export type Webhook = z.infer<typeof Webhook>
export type WebhookDelivery = z.infer<typeof WebhookDelivery>
