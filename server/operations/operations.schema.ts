import { z } from '@hono/zod-openapi'

/** `GET /healthz`: the process answers. */
export const Health = z.object({ status: z.literal('ok') }).openapi('Health')

/** `GET /readyz`: every check passed. */
export const Readiness = z
  .object({
    status: z.literal('ready'),
    checks: z
      .object({ database: z.literal('ok'), engine: z.literal('ok'), disk: z.literal('ok') })
      .openapi({ description: 'Each check and its outcome' }),
  })
  .openapi('Readiness', {
    example: { status: 'ready', checks: { database: 'ok', engine: 'ok', disk: 'ok' } },
  })
