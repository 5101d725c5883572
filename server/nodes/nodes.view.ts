import type { ServiceCtx } from '../deps.js'
import { labelsOf } from '../labels/labels.store.js'
import { primaryIpv4 } from '../public-ips/public-ips.service.js'
import { sshKeyIdsOf } from './node-access.store.js'
import { liveNodeOr404 } from './nodes.lookup.js'
import type { Node } from './nodes.schema.js'
import { toNode } from './nodes.store.js'
import type { NodeRow } from './nodes.table.js'

type Ctx = ServiceCtx<'clock'>

/** Nodes as the API shows them: each row with its address, labels and keys, read for all at once. */
export async function view(ctx: Ctx, rows: NodeRow[]): Promise<Node[]> {
  const ids = rows.map((row) => row.id)
  const [ips, labels, sshKeys] = await Promise.all([
    primaryIpv4(ctx, ids, rows[0]?.accountId),
    labelsOf(ctx.db, 'node', ids),
    sshKeyIdsOf(ctx.db, ids),
  ])
  const now = ctx.clock.now()
  return rows.map((row) =>
    toNode(row, ips.get(row.id) ?? null, now, {
      labels: labels.get(row.id)!,
      sshKeys: sshKeys.get(row.id) ?? [],
    })
  )
}

/** One node of the account as the API shows it, or the 404 every node endpoint answers. */
export async function getNode(ctx: Ctx, accountId: string, id: string): Promise<Node> {
  return (await view(ctx, [await liveNodeOr404(ctx, accountId, id)]))[0]!
}
