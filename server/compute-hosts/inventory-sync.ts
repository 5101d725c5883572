/**
 * Keeps discovery true to an engine that knows its machines (an Incus cluster): on start and
 * every few seconds the engine's hosts are written over the inventory, hosts of machines that
 * left are removed, and a machine that went offline makes its hosts `reserved`. Every replica
 * runs it; the writes are idempotent.
 * @module
 */
import { transaction } from '../db/transaction.js'
import type { Deps } from '../deps.js'
import type { InventorySource } from '../provisioning/inventory.js'
import { deleteHostsExcept, upsertHosts } from './compute-hosts.store.js'

/** A joining member appears within this long. */
export const INVENTORY_SYNC_MS = 5000

/** Writes the engine's hosts over the inventory once; returns how many hosts it has. */
export async function syncInventory(
  deps: Pick<Deps, 'db'>,
  source: InventorySource
): Promise<number> {
  const hosts = await source.hosts()
  await transaction(deps.db, async (tx) => {
    await upsertHosts(tx, hosts)
    await deleteHostsExcept(
      tx,
      hosts.map((host) => host.id)
    )
  })
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
  intervalMs = INVENTORY_SYNC_MS
): { firstRound: Promise<void>; now: () => void; stop: () => Promise<void> } {
  const round = () =>
    syncInventory(deps, source).then(
      () => undefined,
      (err: unknown) => deps.log.error({ err }, "could not read the engine's machines; retrying")
    )
  const firstRound = round()
  let running = firstRound
  let queued = false
  let stopped = false
  const now = () => {
    if (queued || stopped) return
    queued = true
    running = running.then(() => {
      queued = false
      return round()
    })
  }
  const timer = setInterval(now, intervalMs)
  timer.unref()
  return {
    firstRound,
    now,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
