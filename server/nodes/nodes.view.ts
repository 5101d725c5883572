import type { ServiceCtx } from '../deps.js'
import { labelsOf } from '../labels/labels.store.js'
import { primaryIpv4 } from '../public-ips/public-ips.service.js'
import { sshKeyIdsOf } from './node-access.store.js'
import { liveNodeOr404 } from './nodes.lookup.js'
import type { Node } from './nodes.schema.js'
import { extrasOfLiveNodes, toNode } from './nodes.store.js'
import { sizesOf } from './node-sizes.store.js'
import type { NodeRow } from './nodes.table.js'

type Ctx = ServiceCtx<'clock' | 'config'>

/**
 * Nodes as the API shows them: each row with its address, labels and keys, read for all at
 * once. `wholeAccount` says the rows are the account's live nodes, or a selection of them
 * read in full: their extras are then read by account instead of by id.
 */
export async function view(ctx: Ctx, rows: NodeRow[], wholeAccount = false): Promise<Node[]> {
  const ids = rows.map((row) => row.id)
  const accountId = rows[0]?.accountId
  const [ips, extras] = await Promise.all([
    primaryIpv4(ctx, ids, accountId),
    wholeAccount && accountId !== undefined
      ? extrasOfLiveNodes(ctx.db, accountId)
      : extrasOfNodes(ctx, ids),
  ])
  const stuckBefore = stuckSince(ctx)
  return rows.map((row) =>
    toNode(row, ips.get(row.id) ?? null, stuckBefore, {
      labels: extras.labels.get(row.id) ?? {},
      sshKeys: extras.sshKeys.get(row.id) ?? [],
      size: extras.sizes.get(row.id),
    })
  )
}

/** Nodes created before this and still provisioning are stuck (NODEPLANE_STUCK_AFTER_SECONDS). */
export function stuckSince(ctx: Ctx): Date {
  return new Date(ctx.clock.now().getTime() - ctx.config.stuckAfterSeconds * 1000)
}

/** One node of the account as the API shows it, or the 404 every node endpoint answers. */
export async function getNode(ctx: Ctx, accountId: string, id: string): Promise<Node> {
  return (await view(ctx, [await liveNodeOr404(ctx, accountId, id)]))[0]!
}

/** The labels, SSH key ids and sizes of the nodes `ids`, read by id. */
async function extrasOfNodes(ctx: Ctx, ids: string[]) {
  const [labels, sshKeys, sizes] = await Promise.all([
    labelsOf(ctx.db, 'node', ids),
    sshKeyIdsOf(ctx.db, ids),
    sizesOf(ctx.db, ids),
  ])
  return { labels, sshKeys, sizes }
}
