import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import type { z } from '@hono/zod-openapi'
import { assertKnownRegion, defaultRegion } from '../compute-hosts/compute-hosts.service.js'
import type { Db } from '../db/client.js'
import { dialectOf, lockKey, transaction } from '../db/transaction.js'
import { recordEvent } from '../events/events.service.js'
import { invalidField, ProblemError } from '../http/problem.js'
import { withoutKey, type IdempotentAnswer } from '../idempotency/idempotent-answer.js'
import { parseLabelSelector } from '../labels/label-selector.js'
import type { Labels } from '../labels/labels.schema.js'
import { updateLabels } from '../labels/labels.service.js'
import { insertLabels, labelsOf, sortedLabels } from '../labels/labels.store.js'
import { newUuid } from '../lib/ids.js'
import { vpcCidr } from '../lib/ip.js'
import { assertWithinLimits, quotaExceeded } from '../quotas/quota-check.js'
import { vpcUsage } from './vpcs.quota.js'
import type { CreateVpcBody, UpdateVpcBody, Vpc, VpcListQuery } from './vpcs.schema.js'
import {
  findLiveVpc,
  findLiveVpcByName,
  insertVpc,
  liveVpcs,
  lockDefaultVpc,
  lockLiveVpc,
  markVpcDeleted,
  nodeIdsByVpc,
  setVpcDescription,
  toVpc,
  type VpcRow,
} from './vpcs.store.js'

type Ctx = ServiceCtx<'clock' | 'config'>
type TxCtx = ServiceTxCtx<'clock' | 'config'>

/**
 * Address ranges 10.0.0.0/16 ... 10.255.0.0/16, so an account has at most 256 VPCs: the
 * ceiling of the `vpcs` limit (quota-names.ts).
 */
const MAX_VPCS = 256

async function withNodeIds(db: Db, rows: VpcRow[]): Promise<Vpc[]> {
  const vpcIds = rows.map((row) => row.id)
  const [ids, labels] = await Promise.all([nodeIdsByVpc(db, vpcIds), labelsOf(db, 'vpc', vpcIds)])
  return rows.map((row) => toVpc(row, ids.get(row.id) ?? [], labels.get(row.id)!))
}

async function liveVpcOr404(db: Db, accountId: string, id: string): Promise<VpcRow> {
  return vpcOr404(await findLiveVpc(db, accountId, id), id)
}

function vpcOr404(row: VpcRow | undefined, id: string): VpcRow {
  if (!row) throw new ProblemError(404, 'vpc_not_found', `no VPC ${id} on this account`)
  return row
}

/** Picks the account's first free range and inserts the VPC; call inside a transaction. */
async function insertWithFreeCidr(
  ctx: TxCtx,
  accountId: string,
  fields: { name: string; region: string; description: string | null; isDefault: boolean },
  labels: Labels = {}
): Promise<VpcRow> {
  // One allocator per account at a time, so two replicas never pick the same range.
  await lockKey(ctx.db, `vpcs:${accountId}`)
  if (await findLiveVpcByName(ctx.db, accountId, fields.name)) {
    throw new ProblemError(
      409,
      'vpc_name_taken',
      `a VPC named ${fields.name} exists on this account`
    )
  }
  await assertWithinLimits(ctx, accountId, { vpcs: 1 }, vpcUsage)
  const used = new Set((await liveVpcs(ctx.db, accountId)).map((row) => row.cidr))
  const index = Array.from({ length: MAX_VPCS }, (_, i) => i).find((i) => !used.has(vpcCidr(i)))
  // Only reached if the limit could pass the ranges there are, which its ceiling forbids.
  if (index === undefined) throw quotaExceeded('vpcs', MAX_VPCS, used.size)
  const row = await insertVpc(ctx.db, {
    id: newUuid(),
    accountId,
    cidr: vpcCidr(index),
    createdAt: ctx.clock.now(),
    ...fields,
  })
  await insertLabels(ctx.db, 'vpc', accountId, row.id, labels)
  const data = { name: row.name, region: row.region, cidr: row.cidr, default: row.isDefault }
  await recordEvent(ctx, { accountId, type: 'vpc.created', resourceId: row.id, data })
  return row
}

export async function createVpc(
  ctx: Ctx,
  accountId: string,
  body: z.infer<typeof CreateVpcBody>,
  answer: IdempotentAnswer<Vpc> = withoutKey
): Promise<Vpc> {
  const region = body.region ?? (await defaultRegion(ctx))
  if (body.region) await assertKnownRegion(ctx, region, 'region')
  return transaction(ctx.db, async (tx) => {
    const row = await insertWithFreeCidr(
      { ...ctx, db: tx },
      accountId,
      {
        name: body.name,
        region,
        description: body.description ?? null,
        isDefault: false,
      },
      body.labels
    )
    const vpc = toVpc(row, [], sortedLabels(body.labels))
    await answer.save(tx, vpc)
    return vpc
  })
}

export async function listVpcs(
  ctx: ServiceCtx,
  accountId: string,
  query: VpcListQuery = {}
): Promise<Vpc[]> {
  const selector = query.label_selector ? parseLabelSelector(query.label_selector) : undefined
  return withNodeIds(ctx.db, await liveVpcs(ctx.db, accountId, selector))
}

export async function getVpc(ctx: ServiceCtx, accountId: string, id: string): Promise<Vpc> {
  return (await withNodeIds(ctx.db, [await liveVpcOr404(ctx.db, accountId, id)]))[0]!
}

/**
 * `PATCH`: changes what the body gives. Only a real change is written and recorded
 * (`vpc.updated`, with the new values of what changed), so `{}` is a no-op.
 */
export async function updateVpc(
  ctx: Ctx,
  accountId: string,
  id: string,
  body: z.infer<typeof UpdateVpcBody>
): Promise<Vpc> {
  await transaction(ctx.db, async (tx) => {
    // Two PATCHes of one resource take turns, each comparing with what the other wrote.
    await lockKey(tx, `patch:vpc:${id}`)
    const row = await liveVpcOr404(tx, accountId, id)
    const changes: Record<string, unknown> = {}
    if (body.description !== undefined && body.description !== row.description) {
      await setVpcDescription(tx, accountId, id, body.description)
      changes.description = body.description
    }
    if (body.labels !== undefined) {
      const labels = await updateLabels({ db: tx }, 'vpc', accountId, id, body.labels)
      if (labels) changes.labels = labels
    }
    if (Object.keys(changes).length === 0) return
    await recordEvent(
      { ...ctx, db: tx },
      {
        accountId,
        type: 'vpc.updated',
        resourceId: id,
        data: { name: row.name, ...changes },
      }
    )
  })
  return getVpc(ctx, accountId, id)
}

/** Deletes an empty VPC; one that still holds nodes is refused with their ids. */
export function deleteVpc(ctx: Ctx, accountId: string, id: string): Promise<void> {
  return transaction(ctx.db, async (tx) => {
    // A node joining it commits first or sees it gone: both lock the VPC's row.
    const row = vpcOr404(await lockLiveVpc(tx, accountId, id), id)
    const nodeIds = (await nodeIdsByVpc(tx, [row.id])).get(row.id) ?? []
    if (nodeIds.length > 0) {
      throw new ProblemError(
        409,
        'vpc_has_nodes',
        `VPC ${id} still has nodes: ${nodeIds.join(', ')}; delete them first`,
        {
          extra: { node_ids: nodeIds },
        }
      )
    }
    await markVpcDeleted(tx, row.id, ctx.clock.now())
    await recordEvent(
      { ...ctx, db: tx },
      {
        accountId,
        type: 'vpc.deleted',
        resourceId: row.id,
        data: { name: row.name },
      }
    )
  })
}

/** The VPC a new node asks for (a 400 naming `vpc_id` when the account has none such). */
export async function vpcForNewNode(
  ctx: ServiceCtx,
  accountId: string,
  vpcId: string
): Promise<VpcRow> {
  const row = await findLiveVpc(ctx.db, accountId, vpcId)
  if (!row) throw invalidField('vpc_id', 'no such VPC on this account', 'vpc_not_found')
  return row
}

/** The range of a node's VPC, which outlives its nodes (deleting a VPC with nodes is refused). */
export async function cidrOfVpc(
  ctx: ServiceCtx,
  accountId: string,
  vpcId: string
): Promise<string> {
  // The row alone: the VPC's API view would also list all its nodes, a read per node.
  const vpc = await findLiveVpc(ctx.db, accountId, vpcId)
  if (!vpc) throw new Error(`VPC ${vpcId} of a live node is gone`)
  return vpc.cidr
}

/**
 * Locks the VPC a new node joins (read earlier in the node's transaction) until the
 * transaction ends, and returns it as it is now: on PostgreSQL it may have been deleted
 * meanwhile. SQLite's transaction has held the only write lock since it began: the row read
 * in it is current, and nothing else can change it.
 */
export async function lockVpcForNewNode(
  ctx: TxCtx,
  accountId: string,
  vpc: VpcRow
): Promise<VpcRow> {
  if (dialectOf(ctx.db) === 'sqlite') return vpc
  const row = await lockLiveVpc(ctx.db, accountId, vpc.id)
  if (!row) throw invalidField('vpc_id', 'no such VPC on this account', 'vpc_not_found')
  return row
}

/**
 * The region's default VPC, created on first use, and locked as lockVpcForNewNode locks; call
 * inside the node's transaction.
 */
export async function ensureDefaultVpc(
  ctx: TxCtx,
  accountId: string,
  region: string
): Promise<VpcRow> {
  const existing = await lockDefaultVpc(ctx.db, accountId, region)
  if (existing) return existing
  await lockKey(ctx.db, `vpcs:${accountId}`)
  // Another transaction may have created it while this one waited for the lock.
  return (
    (await lockDefaultVpc(ctx.db, accountId, region)) ??
    insertWithFreeCidr(ctx, accountId, {
      name: `default-${region}`,
      region,
      description: `default network of ${region}`,
      isDefault: true,
    })
  )
}
