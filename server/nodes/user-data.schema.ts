import { z } from '@hono/zod-openapi'
import { UserDataStatus } from './nodes.schema.js'

/** A node's user data as it was sent. */
export const NodeUserData = z
  .object({
    node_id: z.string(),
    user_data: z.string().openapi({ example: '#!/bin/sh\necho hello > /root/hello.txt\n' }),
  })
  .openapi('NodeUserData')

/** How a node's user data ran. */
export const NodeUserDataResult = z
  .object({
    node_id: z.string(),
    status: UserDataStatus,
    exit_code: z.number().int().nullable().openapi({
      description: 'The exit status once it ended by itself; null before, when killed, or skipped',
    }),
    output: z.string().openapi({ description: 'The last 64 KiB of its stdout and stderr' }),
    started_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
  })
  .openapi('NodeUserDataResult')
