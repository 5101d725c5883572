import { z } from '@hono/zod-openapi'

/** `POST /api/v1/nodes/{id}/console`'s answer, as Hetzner Cloud's `request_console`. */
export const NodeConsole = z
  .object({
    url: z.string().openapi({
      description:
        'The WebSocket to connect to: `wss://` behind TLS, else `ws://`. It works once, within 60 seconds.',
      example:
        'wss://nodeplane.example.com/api/v1/nodes/node_3k7f2m9q4x8w1c5v6b0n/console/socket?ticket=Xy…',
    }),
    password: z.string().openapi({
      description: "The socket's first text frame; shown once, stored only hashed",
      example: 'Jq4rT8wZ2nV6xK1mB9cP5sL3',
    }),
  })
  .openapi('NodeConsole')

export type NodeConsole = z.infer<typeof NodeConsole>

/** A text frame after the password: the terminal's new size. */
export const ResizeFrame = z.object({
  resize: z.tuple([z.number().int().min(1).max(1000), z.number().int().min(1).max(1000)]),
})
