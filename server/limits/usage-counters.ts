/**
 * Every family's usage counter, for `GET /api/v1/limits`: a family with a limit adds its
 * counter here (docs/development.md, "Adding a limit"). Above the families, which never
 * import this file.
 * @module
 */
import type { ServiceCtx } from '../deps.js'
import { firewallUsage } from '../firewalls/firewalls.quota.js'
import { nodeUsage } from '../nodes/nodes.quota.js'
import { vpcUsage } from '../vpcs/vpcs.quota.js'
import type { Usage, UsageCounter } from '../quotas/quota-check.js'

const COUNTERS: UsageCounter[] = [nodeUsage, vpcUsage, firewallUsage]

/** What the account uses of every limit that has a counter; a limit without one is absent. */
export async function usageOf(ctx: ServiceCtx, accountId: string): Promise<Usage> {
  const parts = await Promise.all(COUNTERS.map((count) => count(ctx, accountId)))
  return Object.assign({}, ...parts) as Usage
}
