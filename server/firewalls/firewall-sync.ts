/**
 * Keeps the engine's inbound filters equal to the firewalls that apply to each node. Work is
 * per account: an account is read whole (its live nodes' effective rules in a few queries,
 * firewall-ingress.store.ts) and the engine is handed the rules that changed since it last
 * was (null: none applies). Only events that can change what applies wake the sync, and only
 * for their own account (a firewall's change, a node created, relabelled, running or deleted);
 * a wake-up from another replica's NOTIFY, which carries no type, first asks the account's
 * log whether such an event came. The periodic round is the net for anything missed and goes
 * over every account, and the first round after a start applies every node's rules again.
 * Between accounts the sync
 * yields to the event loop, so one account with many firewalls neither holds requests back
 * nor keeps another account's change from the engine for longer than its own turn.
 * @module
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises'
import type { Deps } from '../deps.js'
import type { EventType } from '../events/events.schema.js'
import { findEvents, latestEventId } from '../events/events.service.js'
import { startRounds, type RoundCause, type Rounds } from '../lib/rounds.js'
import type { DriverWithFirewall, IngressRule } from '../provisioning/driver.js'
import {
  accountsWithLiveNodes,
  engineRules,
  liveNodeIngress,
  type NodeIngress,
} from './firewall-ingress.store.js'
import type { FirewallRule } from './firewalls.schema.js'

/** The periodic round's interval; events wake one at once. */
export const FIREWALL_SYNC_MS = 10_000

/**
 * The events after which a node's effective rules may differ. Anything else (a console, a
 * power action, another family's change) leaves every firewall and label as it was.
 */
export const SYNC_EVENTS: ReadonlySet<EventType> = new Set<EventType>([
  'firewall.created',
  'firewall.updated',
  'firewall.deleted',
  'node.created',
  'node.running',
  'node.updated',
  'node.deleting',
  'node.deleted',
])

/** The engine's view of the firewalls applying to a node: null when there are none. */
export function ingressOf(firewalls: { rules: FirewallRule[] }[]): IngressRule[] | null {
  if (firewalls.length === 0) return null
  return firewalls.flatMap((firewall) => engineRules(firewall.rules))
}

/** What the sync has done since it started: for operators' logs and for tests. */
export interface FirewallSyncStats {
  /** Rounds run, the first and the periodic ones included. */
  rounds: number
  /** Accounts read and compared with what the engine has. */
  accountsSynced: number
  /** Engine calls made (`setFirewall`). */
  engineCalls: number
}

export interface FirewallSync extends Rounds {
  stats: Readonly<FirewallSyncStats>
}

/**
 * Syncs now, on the events that matter and every `intervalMs`. `firstRound` settles once the
 * first round has ended (never rejecting: a node whose engine call fails is logged and tried
 * again next round); `stop` waits for a round in flight.
 */
export function startFirewallSync(
  deps: Pick<Deps, 'db' | 'log' | 'events'>,
  driver: DriverWithFirewall,
  intervalMs = FIREWALL_SYNC_MS
): FirewallSync {
  const stats: FirewallSyncStats = { rounds: 0, accountsSynced: 0, engineCalls: 0 }
  // What the engine was last given, per node, as JSON: unchanged nodes cost no engine call.
  const applied = new Map<string, { accountId: string; key: string }>()
  // Accounts an event that matters woke the sync for, in the order they came.
  const woken = new Set<string>()
  // Accounts a wake-up without a type (another replica's NOTIFY) came for: read only if the
  // log has an event that matters after what the sync last read of them (`seen`).
  const unsure = new Set<string>()
  const seen = new Map<string, number>()

  async function apply(node: NodeIngress): Promise<void> {
    const key = JSON.stringify(node.rules)
    if (applied.get(node.id)?.key === key) return
    try {
      stats.engineCalls++
      await driver.setFirewall({ id: node.id }, node.rules)
      applied.set(node.id, { accountId: node.accountId, key })
    } catch (err) {
      deps.log.warn({ err, node_id: node.id }, 'could not apply the firewalls of a node; retrying')
    }
  }

  /** Whether the account's log has an event that matters since the sync last read it. */
  async function changedSince(accountId: string): Promise<boolean> {
    const since = seen.get(accountId)
    if (since === undefined) return true
    const types = [...SYNC_EVENTS]
    const page = { order: 'oldest' as const, from: since, limit: 1 }
    return (await findEvents(deps.db, { accountId, types }, page)).length > 0
  }

  async function syncAccount(accountId: string): Promise<void> {
    stats.accountsSynced++
    // Taken before the read: an event committed after it is read again on its own wake-up.
    const latest = await latestEventId(deps.db, accountId)
    const live = await liveNodeIngress(deps.db, [accountId])
    const up = new Set(live.map((node) => node.id))
    // A deleted node's filter goes with it (the driver's destroy); only its record is left.
    for (const [id, entry] of applied)
      if (entry.accountId === accountId && !up.has(id)) applied.delete(id)
    for (const node of live) await apply(node)
    seen.set(accountId, latest)
  }

  /**
   * The woken accounts, those of typeless wake-ups whose log shows a change, and on a periodic
   * round every account with a live node.
   */
  async function accountsOf(cause: RoundCause): Promise<string[]> {
    const accounts = new Set(woken)
    const maybe = [...unsure].filter((id) => !accounts.has(id))
    woken.clear()
    unsure.clear()
    for (const id of maybe) if (await changedSince(id)) accounts.add(id)
    if (!cause.periodic) return [...accounts]
    const withNodes = await accountsWithLiveNodes(deps.db)
    const known = new Set(withNodes)
    for (const [id, entry] of applied) if (!known.has(entry.accountId)) applied.delete(id)
    for (const id of withNodes) accounts.add(id)
    return [...accounts]
  }

  async function round(cause: RoundCause): Promise<void> {
    stats.rounds++
    let accounts: string[]
    try {
      accounts = await accountsOf(cause)
    } catch (err) {
      deps.log.error({ err }, 'could not read the accounts with live nodes; retrying')
      return
    }
    for (const accountId of accounts) {
      try {
        await syncAccount(accountId)
      } catch (err) {
        // Tried again on its next event or the periodic round; the others go on.
        deps.log.error({ err, account_id: accountId }, 'could not read the firewalls of nodes')
      }
      await yieldToRequests()
    }
  }

  const rounds = startRounds(round, intervalMs)
  const unsubscribe = deps.events.subscribeAll((accountId, type) => {
    if (type === undefined) unsure.add(accountId)
    else if (SYNC_EVENTS.has(type)) woken.add(accountId)
    else return
    rounds.now()
  })
  return {
    ...rounds,
    stats,
    async stop() {
      unsubscribe()
      await rounds.stop()
    },
  }
}
