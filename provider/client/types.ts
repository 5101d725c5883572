/**
 * The API's shapes, as the server's zod schemas define them. Type-only imports: the provider's
 * build carries none of the server's code, and a schema change that a resource no longer fits
 * fails the provider's typecheck instead of a user's apply.
 * @module
 */
import type { z } from '@hono/zod-openapi'
import type { DiscoveryResult } from '../../server/compute-hosts/compute-hosts.schema.js'
import type { Node } from '../../server/nodes/nodes.schema.js'
import type { SshKey } from '../../server/ssh-keys/ssh-keys.schema.js'
import type { Vpc } from '../../server/vpcs/vpcs.schema.js'

export type {
  ApplyTo as ApiFirewallApplyTo,
  Firewall as ApiFirewall,
} from '../../server/firewalls/firewalls.schema.js'
export type { AccountLimits as ApiLimits } from '../../server/limits/limits.schema.js'
export type {
  ComputeHost as ApiHost,
  RegionList as ApiRegions,
} from '../../server/compute-hosts/compute-hosts.schema.js'
export type {
  AttachResult as ApiAttachment,
  IpAttachmentEntry as ApiAttachmentEntry,
} from '../../server/public-ips/public-ips.schema.js'

/** Labels as every labelled record carries them (`{}` when none). */
export type ApiLabels = Record<string, string>

/**
 * What a node's user data did: `pending`, `running`, `succeeded`, `failed`, or `skipped` (the
 * driver cannot run it); null without user data.
 */
export type UserDataStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped'

/**
 * A node record. The fields after the contract's and the design's are optional here, so a
 * server of the release before them (which leaves them out) still reads as no labels, no keys.
 */
export type ApiNode = Node & {
  labels?: ApiLabels
  ssh_keys?: string[]
  password_login?: boolean
  reachable_at?: string | null
  user_data_status?: UserDataStatus | null
}

/** An SSH key record, with `labels` once the server has them. */
export type ApiSshKey = SshKey & { labels?: ApiLabels }

/** A VPC record, with `labels` once the server has them. */
export type ApiVpc = Vpc & { labels?: ApiLabels }

/** `GET /api/v1/nodes/{id}/user-data`. */
export interface ApiUserData {
  node_id: string
  user_data: string
}

/** `GET /api/v1/nodes/{id}/user-data/result`. */
export interface ApiUserDataResult {
  node_id: string
  status: UserDataStatus
  exit_code: number | null
  output: string
  started_at: string | null
  finished_at: string | null
}

/** One page of `GET /api/v1/compute`. */
export type ApiHostPage = z.infer<typeof DiscoveryResult>
