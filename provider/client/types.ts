/**
 * The API's shapes, as the server's zod schemas define them. Type-only imports: the provider's
 * build carries none of the server's code, and a schema change that a resource no longer fits
 * fails the provider's typecheck instead of a user's apply.
 * @module
 */
import type { z } from '@hono/zod-openapi'
import type { DiscoveryResult } from '../../server/compute-hosts/compute-hosts.schema.js'

export type { ComputeHost as ApiHost } from '../../server/compute-hosts/compute-hosts.schema.js'
export type { Node as ApiNode } from '../../server/nodes/nodes.schema.js'
export type {
  AttachResult as ApiAttachment,
  IpAttachmentEntry as ApiAttachmentEntry,
} from '../../server/public-ips/public-ips.schema.js'
export type { SshKey as ApiSshKey } from '../../server/ssh-keys/ssh-keys.schema.js'
export type { Vpc as ApiVpc } from '../../server/vpcs/vpcs.schema.js'

/** One page of `GET /api/v1/compute`. */
export type ApiHostPage = z.infer<typeof DiscoveryResult>
