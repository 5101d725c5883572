/**
 * What the engine enforces: every live node's effective ingress rules, read for whole
 * accounts at once. Each account's firewalls and `apply_to` are read and compiled once and
 * matched against all its live nodes, and each firewall's rules become engine rules once, so
 * a round costs a few queries per account, not a few per node, and never builds the API's
 * presentation of a firewall.
 * @module
 */
import { and, asc, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { labelsOf } from '../labels/labels.store.js'
import { nodes } from '../nodes/nodes.table.js'
import type { IngressRule } from '../provisioning/driver.js'
import { compileApplyTo, compiledAppliesTo, type CompiledApplyTo } from './firewall-match.js'
import { targetsOf } from './firewall-targets.store.js'
import type { FirewallRule } from './firewalls.schema.js'
import { firewalls } from './firewalls.table.js'

/** The statuses whose nodes the engine filters: the network exists or is being made. */
const LIVE = ['provisioning', 'running'] as const

/** A live node and the rules that get in (null: no firewall applies, the default ingress does). */
export interface NodeIngress {
  id: string
  accountId: string
  rules: IngressRule[] | null
}

/** The engine's form of a firewall's rules: only incoming ones exist today. */
export function engineRules(rules: FirewallRule[]): IngressRule[] {
  return rules
    .filter((rule) => rule.direction === 'in')
    .map((rule) => ({ protocol: rule.protocol, port: rule.port, sourceIps: rule.source_ips }))
}

/** Ids of the accounts that have a live node, in id order. */
export async function accountsWithLiveNodes(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: nodes.accountId })
    .from(nodes)
    .where(inArray(nodes.status, [...LIVE]))
    .orderBy(asc(nodes.accountId))
  return rows.map((row) => row.accountId)
}

interface CompiledFirewall {
  accountId: string
  applyTo: CompiledApplyTo
  rules: IngressRule[]
}

/** The firewalls of `accountIds` that apply to something, oldest first, ready to match. */
async function compiledFirewalls(db: Db, accountIds: string[]): Promise<CompiledFirewall[]> {
  const rows = await db
    .select({ id: firewalls.id, accountId: firewalls.accountId, rules: firewalls.rules })
    .from(firewalls)
    .where(inArray(firewalls.accountId, accountIds))
    .orderBy(asc(firewalls.createdAt), asc(firewalls.id))
  const targets = await targetsOf(
    db,
    rows.map((row) => row.id)
  )
  return rows
    .filter((row) => targets.get(row.id)!.length > 0)
    .map((row) => ({
      accountId: row.accountId,
      applyTo: compileApplyTo(targets.get(row.id)!),
      rules: engineRules(JSON.parse(row.rules) as FirewallRule[]),
    }))
}

/**
 * Every live node of `accountIds` with its effective ingress: the rules of every firewall that
 * applies to it, oldest firewall first, or null when none does.
 */
export async function liveNodeIngress(db: Db, accountIds: string[]): Promise<NodeIngress[]> {
  if (accountIds.length === 0) return []
  const live = await db
    .select({ id: nodes.id, accountId: nodes.accountId })
    .from(nodes)
    .where(and(inArray(nodes.accountId, accountIds), inArray(nodes.status, [...LIVE])))
    .orderBy(asc(nodes.createdAt), asc(nodes.id))
  if (live.length === 0) return []
  const labels = await labelsOf(
    db,
    'node',
    live.map((node) => node.id)
  )
  const byAccount = new Map<string, CompiledFirewall[]>()
  for (const fw of await compiledFirewalls(db, accountIds)) {
    const list = byAccount.get(fw.accountId)
    if (list) list.push(fw)
    else byAccount.set(fw.accountId, [fw])
  }
  return live.map((node) => {
    const labeled = { id: node.id, labels: labels.get(node.id)! }
    const applying = (byAccount.get(node.accountId) ?? []).filter((fw) =>
      compiledAppliesTo(fw.applyTo, labeled)
    )
    return {
      ...node,
      rules: applying.length === 0 ? null : applying.flatMap((fw) => fw.rules),
    }
  })
}
