/**
 * The VPC family's usage counter for the `vpcs` limit.
 * @module
 */
import type { ServiceCtx } from '../deps.js'
import type { Usage } from '../quotas/quota-check.js'
import { liveVpcs } from './vpcs.store.js'

/** The account's VPCs, default ones included (at most 256 rows). */
export async function vpcUsage(ctx: ServiceCtx, accountId: string): Promise<Usage> {
  return { vpcs: (await liveVpcs(ctx.db, accountId)).length }
}
