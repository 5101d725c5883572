/**
 * `PATCH /nodes/{id}`: a node's name and labels change in place, nothing is rebuilt.
 * @module
 */
import type { z } from '@hono/zod-openapi'
import { lockKey, transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { recordEvent } from '../events/events.service.js'
import { assertFirewallRoomForLabels } from '../firewalls/firewalls.service.js'
import { updateLabels } from '../labels/labels.service.js'
import type { Node, UpdateNodeBody } from './nodes.schema.js'
import { getNode } from './nodes.view.js'
import { liveNodeOr404, nodeNotFound } from './nodes.lookup.js'
import { renameNode } from './nodes.store.js'

type Ctx = ServiceCtx<'clock' | 'config' | 'secrets'>

/**
 * Changes what the body gives. Only a real change is written and recorded (`node.updated`,
 * with the new values of what changed), so `{}` or a body repeating the node is a no-op.
 */
export async function updateNode(
  ctx: Ctx,
  accountId: string,
  id: string,
  body: z.infer<typeof UpdateNodeBody>
): Promise<Node> {
  await transaction(ctx.db, async (tx) => {
    // Two PATCHes of one resource take turns, each comparing with what the other wrote.
    await lockKey(tx, `patch:node:${id}`)
    const row = await liveNodeOr404({ db: tx }, accountId, id)
    const changes: Record<string, unknown> = {}
    if (body.name !== undefined && body.name !== row.name) {
      // Conditional on the node being live: its teardown may have finished meanwhile.
      if (!(await renameNode(tx, accountId, id, body.name))) throw nodeNotFound(id)
      changes.name = body.name
    }
    if (body.labels !== undefined) {
      const labels = await updateLabels({ db: tx }, 'node', accountId, id, body.labels)
      if (labels) {
        // New labels may bring the node under more firewalls than a node may have.
        await assertFirewallRoomForLabels({ db: tx }, accountId, id, labels)
        changes.labels = labels
      }
    }
    if (Object.keys(changes).length === 0) return
    await recordEvent(
      { ...ctx, db: tx },
      {
        accountId,
        type: 'node.updated',
        resourceId: id,
        data: { status: row.status, ...changes },
      }
    )
  })
  return getNode(ctx, accountId, id)
}
