/**
 * The firewall family's usage counter for the `firewalls` limit.
 * @module
 */
import type { ServiceCtx } from '../deps.js'
import type { Usage } from '../quotas/quota-check.js'
import { accountFirewalls } from './firewalls.store.js'

/** The account's firewalls (a deleted firewall's row is gone). */
export async function firewallUsage(ctx: ServiceCtx, accountId: string): Promise<Usage> {
  return { firewalls: (await accountFirewalls(ctx.db, accountId)).length }
}
