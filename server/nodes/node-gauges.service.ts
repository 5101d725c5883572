/**
 * What `/metrics` shows of nodes and of the worker's queue, read from the database at scrape
 * time (so every replica reports the same, whoever holds the work).
 * @module
 */
import type { ServiceCtx } from '../deps.js'
import { countNodeStates, type NodeStateCount } from './node-gauges.store.js'

/** The worker's pending work by kind: how many nodes, and since when the oldest waits. */
export interface QueueKind {
  kind: 'provision' | 'teardown' | 'power'
  depth: number
  /** Unix ms of the oldest job, when known. */
  oldestAt: number | null
}

export interface NodeGauges {
  states: Pick<NodeStateCount, 'status' | 'powerState' | 'count'>[]
  stuck: number
  queue: QueueKind[]
}

const oldest = (values: (number | null)[]) => {
  const known = values.filter((value): value is number => value !== null)
  return known.length > 0 ? Math.min(...known) : null
}

/**
 * Live nodes by status and power state, the stuck ones (provisioning for longer than
 * NODEPLANE_STUCK_AFTER_SECONDS, as the API's `stuck`), and the queue: provisioning nodes not
 * stuck (since their creation), deleting ones (since the delete) and accepted power
 * actions (whose start is not recorded).
 */
export async function nodeGauges(ctx: ServiceCtx<'clock' | 'config'>): Promise<NodeGauges> {
  const stuckBefore = new Date(ctx.clock.now().getTime() - ctx.config.stuckAfterSeconds * 1000)
  const rows = await countNodeStates(ctx.db, stuckBefore)
  const of = (status: string) => rows.filter((row) => row.status === status)
  const sum = (list: NodeStateCount[], pick: (row: NodeStateCount) => number) =>
    list.reduce((total, row) => total + pick(row), 0)
  const provisioning = of('provisioning')
  const deleting = of('deleting')
  return {
    states: rows.map(({ status, powerState, count }) => ({ status, powerState, count })),
    stuck: sum(rows, (row) => row.stuck),
    queue: [
      {
        kind: 'provision',
        depth: sum(provisioning, (row) => row.count - row.stuck),
        oldestAt: oldest(provisioning.map((row) => row.oldestCreatedAt)),
      },
      {
        kind: 'teardown',
        depth: sum(deleting, (row) => row.count),
        oldestAt: oldest(deleting.map((row) => row.oldestDeletedAt)),
      },
      { kind: 'power', depth: sum(of('running'), (row) => row.actions), oldestAt: null },
    ],
  }
}
