/**
 * Keeps discovery true to an engine that knows its machines (an Incus cluster): on start and
 * every few seconds the engine's hosts are written over the inventory, hosts of machines that
 * left are removed, and a machine that went offline makes its hosts `reserved`. Every replica
 * runs it; the writes are idempotent.
 * @module
 */
import { transaction } from '../db/transaction.js'
import type { Deps } from '../deps.js'
import { startRounds, type Rounds } from '../lib/rounds.js'
import type { InventorySource } from '../provisioning/inventory.js'
import { deleteHostsExcept, upsertHosts } from './compute-hosts.store.js'

/** A joining member appears within this long. */
export const INVENTORY_SYNC_MS = 5000

/**
 * The ids of the hosts the engine sold at the last round. A node's teardown frees its host
 * only if it is one of them: any other (a catalog host under a node placed before the engine
 * sold its own machines) stays reserved for the next round to remove, and is never sold again.
 */
export type SoldHosts = Set<string>

/** Writes the engine's hosts over the inventory once; returns how many hosts it has. */
export async function syncInventory(
  deps: Pick<Deps, 'db'>,
  source: InventorySource,
  sold?: SoldHosts
): Promise<number> {
  const hosts = await source.hosts()
  const ids = hosts.map((host) => host.id)
  await transaction(deps.db, async (tx) => {
    await upsertHosts(tx, hosts)
    await deleteHostsExcept(tx, ids)
  })
  if (sold) {
    sold.clear()
    for (const id of ids) sold.add(id)
  }
  return hosts.length
}

/**
 * Syncs now and every `intervalMs`. `firstRound` settles once the first sync has ended (it
 * never rejects: a failure is logged and the next round tries again); `now` asks for a round
 * at once (an engine event says the machines changed), queued behind the one running, at most
 * one queued; `stop` waits for a round in flight.
 */
export function startInventorySync(
  deps: Pick<Deps, 'db' | 'log'>,
  source: InventorySource,
  sold?: SoldHosts,
  intervalMs = INVENTORY_SYNC_MS
): Rounds {
  const round = () =>
    syncInventory(deps, source, sold).then(
      () => undefined,
      (err: unknown) => deps.log.error({ err }, "could not read the engine's machines; retrying")
    )
  return startRounds(round, intervalMs)
}
