/**
 * Deleting a firewall while the nodes it applies to are being destroyed in the same apply.
 * Terraform orders two deletions only when one resource refers to the other; a firewall that
 * selects nodes by label has no reference to them, so both deletions start at once and the API
 * refuses the firewall (409 `firewall_in_use`) until its nodes are gone. The delete waits for
 * nodes that are `deleting`, and gives nodes that are still running a short grace to start
 * deleting (their DELETE may be a moment behind), then says what to change.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { ApiError, isNotFound, type ApiClient } from '../client/api.js'
import type { ApiNode } from '../client/types.js'
import { diagnosticError } from '../framework/diagnostics.js'
import { log } from '../protocol/log.js'
import { waitUntilGone } from './node-wait.js'

/** How long nodes that still run may take to start deleting before the delete gives up. */
export const RUNNING_GRACE_MS = 20_000
const PAUSE_MS = 1000

/** The named nodes that still run (not deleting, not gone). */
async function stillRunning(api: ApiClient, ids: string[], signal: AbortSignal) {
  const running: string[] = []
  for (const id of ids) {
    try {
      const node = await api.get<ApiNode>(`/nodes/${id}`, signal)
      if (node.status !== 'deleting') running.push(id)
    } catch (err) {
      if (!isNotFound(err)) throw err
    }
  }
  return running
}

/** DELETE the firewall, waiting out nodes that are being deleted; a diagnostic otherwise. */
export async function deleteFirewall(
  api: ApiClient,
  firewall: { id: string; name: string },
  deadline: number,
  signal: AbortSignal
): Promise<void> {
  const graceEnds = Date.now() + RUNNING_GRACE_MS
  for (;;) {
    let ids: string[]
    try {
      await api.delete(`/api/v1/firewalls/${firewall.id}`, signal)
      return
    } catch (err) {
      if (isNotFound(err)) return
      if (!(err instanceof ApiError && err.code === 'firewall_in_use')) throw err
      ids = (err.extra.node_ids as string[] | undefined) ?? []
    }
    const running = await stillRunning(api, ids, signal)
    if (running.length > 0 && (Date.now() > graceEnds || Date.now() > deadline)) {
      throw diagnosticError(
        `Firewall ${firewall.name} still applies to nodes`,
        `It applies to ${running.join(', ')}, which are not being deleted. Change the firewall's apply_to ` +
          "(or those nodes' labels) first. When the nodes are destroyed in the same apply, give them " +
          'depends_on = [nodeplane_firewall.<name>] (or refer to the firewall), so Terraform deletes them first.'
      )
    }
    log('debug', 'firewall in use by nodes; waiting for them to be deleted', {
      firewall_id: firewall.id,
      node_ids: ids,
      running,
    })
    if (running.length > 0) await sleep(PAUSE_MS, undefined, { signal })
    else for (const id of ids) await waitUntilGone(api, id, deadline, signal)
  }
}
