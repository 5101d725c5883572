import { z } from '@hono/zod-openapi'

/** The body of `POST /api/v1/nodes/{id}/network/ip` (contract 4.2, docs/contract.md). */
export const AttachIpBody = z
  .strictObject({
    ip: z.string().min(1).default('auto').openapi({
      description:
        '`auto` (allocate IPv4), `auto-ipv6` (allocate IPv6), or a specific public address from the pools',
      example: 'auto-ipv6',
    }),
  })
  .openapi('AttachIp')

const attachmentFields = {
  ip: z.string().openapi({ description: '`<address>/<prefix>`', example: '2001:db8:0:1::1/64' }),
  // An enum of numbers is one `{type: integer, enum: [4, 6]}` in the document; a union of two
  // literals was an `anyOf` that the /docs page's reader refused for IpAttachmentEntry.
  ipVersion: z.enum({ ipv4: 4, ipv6: 6 }),
  nodeId: z.string(),
}

/** Contract 2.2 (docs/contract.md): the public IP attachment result. */
export const AttachResult = z
  .object({ status: z.literal('attached'), ...attachmentFields })
  .openapi('IpAttachment')

export const DetachResult = z
  .object({ status: z.literal('detached'), ...attachmentFields })
  .openapi('IpDetachment')

export type AttachResult = z.infer<typeof AttachResult>

export const DetachQuery = z.object({
  ip: z.string().min(1).optional().openapi({
    description:
      'The address to detach (with or without prefix); without it, the most recently attached one',
  }),
})

/**
 * One of a node's public addresses, as `GET /api/v1/nodes/{id}/network/ip` lists them: the
 * contract's attachment result (2.2) and when it was attached.
 */
export const IpAttachmentEntry = z
  .object({
    status: z.literal('attached'),
    ...attachmentFields,
    attachedAt: z.iso.datetime().openapi({ example: '2026-11-23T10:00:00.000Z' }),
  })
  .openapi('IpAttachmentEntry')

export type IpAttachmentEntry = z.infer<typeof IpAttachmentEntry>
