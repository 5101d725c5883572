import { z } from '@hono/zod-openapi'

/** Every event type: `<family>.<past-tense verb>` (docs/design.md, Names). */
export const EVENT_TYPES = [
  'node.created',
  'node.running',
  'node.stuck',
  'node.deleting',
  'node.deleted',
  'node.restarted',
  'node.unreachable',
  'node.reachable',
  'node.updated',
  'node.ssh_keys_changed',
  'node.user_data_started',
  'node.user_data_finished',
  'node.powered_off',
  'node.powered_on',
  'node.rebooted',
  'node.rebuilt',
  'node.action_started',
  'node.action_failed',
  'node.console_opened',
  'node.console_closed',
  'public_ip.attached',
  'public_ip.detached',
  'vpc.created',
  'vpc.deleted',
  'vpc.updated',
  'ssh_key.created',
  'ssh_key.deleted',
  'ssh_key.updated',
  'firewall.created',
  'firewall.updated',
  'firewall.deleted',
  'api_key.created',
  'api_key.revoked',
  'login.succeeded',
  'login.failed',
] as const

export type EventType = (typeof EVENT_TYPES)[number]

export const EventActor = z
  .object({
    type: z.enum(['user', 'api_key', 'system', 'anonymous']).openapi({
      description:
        '`api_key` for API calls, `user` for the dashboard, `system` for the background worker and the CLI',
    }),
    id: z.string().nullable().openapi({
      description: 'The key id, user id or worker id',
      example: 'key_3kq2v7b4m5n6p7q8r9s2',
    }),
    request_id: z.string().nullable().openapi({ description: "The request's `X-Request-Id`" }),
    source_address: z.string().nullable().openapi({ example: '127.0.0.1' }),
  })
  .openapi('EventActor')

export const Event = z
  .object({
    id: z.number().int().positive().openapi({
      description:
        'Counts up per account: a later event always has a larger id. Also the SSE `id`.',
      example: 42,
    }),
    type: z.enum(EVENT_TYPES),
    time: z.iso.datetime(),
    resource_id: z.string().openapi({
      description:
        'The node (also for `public_ip.*`), VPC, SSH key, firewall, API key or user (for `login.*`) the event is about',
      example: 'node_3kq2v7b4m5n6p7q8r9s2',
    }),
    // `additionalProperties: true` rather than zod's `{}`: the same meaning, and an empty
    // schema is refused by strict OpenAPI readers (the /docs page).
    data: z.record(z.string(), z.unknown()).openapi({
      additionalProperties: true,
      description: 'A small payload: the status and addresses after the change',
      example: { status: 'running', ip_address: '203.0.113.7' },
    }),
    actor: EventActor,
  })
  .openapi('Event')

export type Event = z.infer<typeof Event>

export const EventPage = z
  .object({
    events: z.array(Event),
    next_cursor: z.string().nullable().openapi({
      description:
        'Pass as `cursor` for the next page; null when this page is the last one for now',
    }),
  })
  .openapi('EventPage')

const KNOWN_TYPES = new Set<string>(EVENT_TYPES)

const typeList = z.string().transform((text, ctx) => {
  const types = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const unknown = types.filter((type) => !KNOWN_TYPES.has(type))
  if (types.length === 0 || unknown.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `unknown event type: ${unknown.join(', ') || '(none)'}; known: ${EVENT_TYPES.join(', ')}`,
    })
    return z.NEVER
  }
  return types as EventType[]
})

/**
 * An event id as a string, within the id column's range (PostgreSQL's `integer`): a number
 * past it would fail the query rather than match nothing.
 */
export const eventId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, message)
    // Judged only when the digits are there, so one bad value gives one error.
    .refine((value) => !/^\d+$/.test(value) || Number(value) <= 2 ** 31 - 1, message)

export const EventsQuery = z.object({
  order: z
    .enum(['newest', 'oldest'])
    .default('newest')
    .openapi({ description: 'Newest or oldest first' }),
  type: typeList.optional().openapi({
    type: 'string',
    description: 'Only these types, comma-separated (`node.running,node.deleted`)',
    example: 'node.running',
  }),
  resource_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'Only events about this resource' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: eventId('must be a next_cursor of an earlier page')
    .optional()
    .openapi({ description: 'The `next_cursor` of the previous page (same `order`)' }),
})

export type EventsQuery = z.infer<typeof EventsQuery>
export type EventPage = z.infer<typeof EventPage>
