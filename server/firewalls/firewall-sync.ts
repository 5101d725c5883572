/**
 * Keeps the engine's inbound filters equal to the firewalls that apply to each node. A round
 * reads, for every node provisioning or running, the rules of the firewalls that apply to it
 * now and hands the engine those that changed since it last did (null: none applies). Every
 * committed event wakes a round, so a new rule, `apply_to`, label or node reaches the engine
 * within moments; a periodic round is the net for anything missed, and the first round after
 * a start applies every node's rules again.
 * @module
 */
import type { Deps } from '../deps.js'
import { startRounds, type Rounds } from '../lib/rounds.js'
import type { DriverWithFirewall, IngressRule } from '../provisioning/driver.js'
import { nodesUp } from '../nodes/nodes.service.js'
import { firewallsForNode } from './firewalls.service.js'
import type { Firewall } from './firewalls.schema.js'

/** The periodic round's interval; events wake one at once. */
export const FIREWALL_SYNC_MS = 10_000

/** The engine's view of the firewalls applying to a node: null when there are none. */
export function ingressOf(firewalls: Firewall[]): IngressRule[] | null {
  if (firewalls.length === 0) return null
  return firewalls.flatMap((firewall) =>
    firewall.rules
      .filter((rule) => rule.direction === 'in')
      .map((rule) => ({ protocol: rule.protocol, port: rule.port, sourceIps: rule.source_ips }))
  )
}

/**
 * Syncs now, on every committed event and every `intervalMs`. `firstRound` settles once the
 * first round has ended (never rejecting: a node whose engine call fails is logged and tried
 * again next round); `stop` waits for a round in flight.
 */
export function startFirewallSync(
  deps: Pick<Deps, 'db' | 'log' | 'events'>,
  driver: DriverWithFirewall,
  intervalMs = FIREWALL_SYNC_MS
): Rounds {
  // What the engine was last given, per node, as JSON: unchanged nodes cost no engine call.
  const applied = new Map<string, string>()
  async function syncNode(node: { id: string; accountId: string }): Promise<void> {
    const rules = ingressOf(await firewallsForNode(deps, node.accountId, node.id))
    const key = JSON.stringify(rules)
    if (applied.get(node.id) === key) return
    try {
      await driver.setFirewall({ id: node.id }, rules)
      applied.set(node.id, key)
    } catch (err) {
      deps.log.warn({ err, node_id: node.id }, 'could not apply the firewalls of a node; retrying')
    }
  }
  async function round(): Promise<void> {
    try {
      const nodes = await nodesUp(deps)
      const up = new Set(nodes.map((node) => node.id))
      // A deleted node's filter goes with it (the driver's destroy); only its record is left.
      for (const id of applied.keys()) if (!up.has(id)) applied.delete(id)
      for (const node of nodes) await syncNode(node)
    } catch (err) {
      deps.log.error({ err }, 'could not read the firewalls of nodes; retrying')
    }
  }
  const rounds = startRounds(round, intervalMs)
  const unsubscribe = deps.events.subscribeAll(rounds.now)
  return {
    ...rounds,
    async stop() {
      unsubscribe()
      await rounds.stop()
    },
  }
}
