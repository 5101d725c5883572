import { discoverHosts } from '../compute-hosts/compute-hosts.service.js'
import { DiscoveryQuery } from '../compute-hosts/compute-hosts.schema.js'
import type { Deps } from '../deps.js'
import { watchAccount } from '../events/event-hub.js'
import { latestEventId } from '../events/events.service.js'
import { parseInput } from '../http/router.js'
import { NodeListQuery, type Node } from '../nodes/nodes.schema.js'
import { listNodes, listNodesPage } from '../nodes/nodes.service.js'
import { accountUsage } from '../usage/usage.service.js'
import { nodeState } from './components/status.js'

/** What a node has cost since creation, and its locked hourly price. */
export interface NodeCost {
  cost: string
  hourly: string
  currency: string
}

// From the epoch, so the usage period covers every node's whole life: "cost so far".
const SINCE_EVER = { from: new Date(0).toISOString() }

/** Each node's cost so far, from the same usage service that bills it. */
export async function nodeCosts(deps: Deps, accountId: string): Promise<Map<string, NodeCost>> {
  const usage = await accountUsage(deps, accountId, SINCE_EVER)
  return new Map(
    usage.nodes.map((n) => [
      n.node_id,
      { cost: n.cost, hourly: n.hourly_price, currency: usage.currency },
    ])
  )
}

/** The nodes matching a label selector, through `GET /nodes`' own query and service. */
async function selectedNodes(deps: Deps, accountId: string, labelSelector: string) {
  const query = parseInput(NodeListQuery, { label_selector: labelSelector })
  return (await listNodesPage(deps, accountId, query)).nodes
}

/**
 * The nodes of an account with their costs, as the table and the status poll show them;
 * with `labelSelector`, only those it matches (a malformed one throws the API's 400).
 */
export async function nodesWithCosts(
  deps: Deps,
  accountId: string,
  labelSelector?: string
): Promise<(Node & { cost?: NodeCost })[]> {
  const [costs, nodes] = await Promise.all([
    nodeCosts(deps, accountId),
    labelSelector ? selectedNodes(deps, accountId, labelSelector) : listNodes(deps, accountId),
  ])
  return nodes.map((node) => ({ ...node, cost: costs.get(node.id) }))
}

/** How long `/ui/api/nodes?since=` holds a request when nothing happens. */
const HOLD_MS = 25_000

/**
 * The JSON the pages fetch while nodes change (static/app.js). With `since` (the `event_id`
 * of the previous answer) it is a long-poll: it answers once the account has a newer event,
 * or after HOLD_MS, so a page learns of a change at once without asking every second.
 */
export async function nodeStatusJson(deps: Deps, accountId: string, since?: number) {
  if (since !== undefined) await untilEventAfter(deps, accountId, since)
  // Read before the nodes: an event committing in between makes the next request return at once.
  const eventId = await latestEventId(deps.db, accountId)
  return {
    event_id: eventId,
    nodes: (await nodesWithCosts(deps, accountId)).map((n) => ({
      id: n.id,
      status: n.status,
      stuck: n.stuck,
      // A change re-renders the node page's power buttons (static/app.js).
      power_state: n.power_state,
      ip_address: n.ip_address,
      // As the Connection box has it: an off node takes no SSH.
      ssh_command: nodeState(n) === 'running' && n.ip_address ? `ssh root@${n.ip_address}` : null,
      cost: n.cost?.cost ?? null,
      // A change refreshes the node page's user-data section (static/app.js).
      user_data_status: n.user_data_status,
    })),
  }
}

async function untilEventAfter(deps: Deps, accountId: string, since: number): Promise<void> {
  const deadline = Date.now() + HOLD_MS
  const watcher = watchAccount(deps.events, accountId)
  try {
    while (
      (await latestEventId(deps.db, accountId)) <= since &&
      Date.now() < deadline &&
      !deps.events.closing.aborted
    ) {
      await watcher.next(deadline)
    }
  } finally {
    watcher.close()
  }
}

type Places = { regions: string[]; datacenters: string[] }

// The inventory changes only through `nodeplane hosts load`; reading it once a minute keeps
// big catalogs from costing a full scan per page view.
const PLACES_TTL_MS = 60_000
const placesCache = new WeakMap<Deps, { at: number; places: Places }>()

/** Regions and datacenters of the inventory, for select boxes; read through discovery. */
export async function inventoryPlaces(deps: Deps): Promise<Places> {
  const cached = placesCache.get(deps)
  if (cached && Date.now() - cached.at < PLACES_TTL_MS) return cached.places
  const places = await scanPlaces(deps)
  placesCache.set(deps, { at: Date.now(), places })
  return places
}

async function scanPlaces(deps: Deps): Promise<Places> {
  const regions = new Set<string>()
  const datacenters = new Set<string>()
  const base = { min_cpu: 0, min_memory_gb: 0, min_storage_gb: 0, status: 'all', limit: 200 }
  for (let page = 1; ; page++) {
    const result = await discoverHosts(deps, DiscoveryQuery.parse({ ...base, page }))
    for (const host of result.hosts) {
      regions.add(host.region)
      datacenters.add(host.datacenter)
    }
    if (!result.pagination.has_more) break
  }
  return { regions: [...regions].sort(), datacenters: [...datacenters].sort() }
}
