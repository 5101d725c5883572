/**
 * The nodes family's usage counter for the `nodes`, `cpu_cores` and `memory_gb` limits.
 * @module
 */
import type { ServiceCtx } from '../deps.js'
import type { Usage } from '../quotas/quota-check.js'
import { liveNodeUsage } from './nodes.store.js'

/** Live nodes of the account, and the cores and memory of the hosts they occupy. */
export async function nodeUsage(ctx: ServiceCtx, accountId: string): Promise<Usage> {
  const used = await liveNodeUsage(ctx.db, accountId)
  return { nodes: used.nodes, cpu_cores: used.cpuCores, memory_gb: used.memoryGb }
}
