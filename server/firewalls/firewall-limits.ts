/**
 * The per-node limit on firewalls, checked from both sides: a firewall's `apply_to` growing
 * (create, PATCH) and a node's labels changing (create, PATCH), and the checks of the node ids
 * an `apply_to` names.
 * @module
 */
import { lockKey, type Tx } from '../db/transaction.js'
import { invalidField, ProblemError } from '../http/problem.js'
import type { Labels } from '../labels/labels.schema.js'
import { MAX_FIREWALLS_PER_NODE } from './firewall-rules.js'
import { selectedNodes } from './firewall-match.js'
import { accountTargets, firewallsMatching, labeledNodes } from './firewall-targets.store.js'
import type { ApplyTo } from './firewalls.schema.js'

/**
 * Serialises the account's firewall changes and node label changes on PostgreSQL, so two of
 * them never each see room for one more firewall on a node (SQLite writes one at a time).
 */
export function lockFirewalls(tx: Tx, accountId: string): Promise<void> {
  return lockKey(tx, `firewalls:${accountId}`)
}

function limitReached(nodeIds: string[]): ProblemError {
  return new ProblemError(
    409,
    'firewall_limit_reached',
    `at most ${MAX_FIREWALLS_PER_NODE} firewalls may apply to a node, and ${nodeIds.join(', ')} ` +
      `would have more`,
    { extra: { node_ids: nodeIds, limit: MAX_FIREWALLS_PER_NODE } }
  )
}

/**
 * Refuses an `apply_to` for firewall `firewallId` that names a node the account does not have
 * (400 `node_not_found` naming `apply_to.<i>.node_id`, whoever owns it), or that would bring
 * a node over the limit (409 `firewall_limit_reached` naming the nodes and the limit).
 */
export async function assertRoomOnNodes(
  tx: Tx,
  accountId: string,
  firewallId: string,
  applyTo: ApplyTo[]
): Promise<void> {
  if (applyTo.length === 0) return
  const nodes = await labeledNodes(tx, accountId)
  const known = new Set(nodes.map((node) => node.id))
  applyTo.forEach((target, index) => {
    if (target.type === 'node' && !known.has(target.node_id))
      throw invalidField(
        `apply_to.${index}.node_id`,
        `no node ${target.node_id} on this account`,
        'node_not_found'
      )
  })
  const chosen = selectedNodes(applyTo, nodes)
  if (chosen.length === 0) return
  const counts = new Map<string, number>()
  for (const [id, others] of await accountTargets(tx, accountId)) {
    if (id === firewallId) continue
    for (const nodeId of selectedNodes(others, nodes))
      counts.set(nodeId, (counts.get(nodeId) ?? 0) + 1)
  }
  const over = chosen.filter((nodeId) => (counts.get(nodeId) ?? 0) >= MAX_FIREWALLS_PER_NODE)
  if (over.length > 0) throw limitReached(over)
}

/** Refuses `labels` for node `nodeId` when more firewalls than allowed would then apply to it. */
export async function assertRoomForNodeLabels(
  tx: Tx,
  accountId: string,
  nodeId: string,
  labels: Labels
): Promise<void> {
  await lockFirewalls(tx, accountId)
  const matching = await firewallsMatching(tx, accountId, nodeId, labels)
  if (matching.length > MAX_FIREWALLS_PER_NODE) throw limitReached([nodeId])
}
