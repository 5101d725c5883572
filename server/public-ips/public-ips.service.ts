import type { Config } from '../config.js'
import type { Db } from '../db/client.js'
import { lockKey, transaction } from '../db/transaction.js'
import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import { recordEvent } from '../events/events.service.js'
import { invalidField, ProblemError } from '../http/problem.js'
import { withoutKey, type IdempotentAnswer } from '../idempotency/idempotent-answer.js'
// Public IPs are a sub-resource of nodes: reading the node row here keeps the services acyclic.
import { liveNodeOr404, lockedLiveNodeOr404 } from '../nodes/nodes.lookup.js'
import type { NodeRow } from '../nodes/nodes.table.js'
import { nextFit } from '../lib/next-fit.js'
import {
  blockForAddress,
  firstFreeBlock,
  ipPools,
  ipv4Block,
  ipv4Ranges,
  type Block,
} from './ip-pools.js'
import type { AttachResult, IpAttachmentEntry } from './public-ips.schema.js'
import {
  attachmentsOfAccount,
  attachmentsOfNodes,
  deleteAttachment,
  deleteAttachmentsOfNode,
  findAttachment,
  insertAttachment,
  isNetworkUsed,
  latestAttachment,
  usedIpv4,
  usedNetworks,
  type PublicIpRow,
} from './public-ips.store.js'

type Ctx = ServiceCtx<'clock' | 'config'>
type TxCtx = ServiceTxCtx<'clock' | 'config'>
/** Attach and detach also reach the engine, through the worker, once the record is committed. */
type EngineCtx = ServiceCtx<'clock' | 'config' | 'worker' | 'log'>

/** The address of a stored attachment, without its prefix length. */
export const address = (ip: string) => ip.split('/')[0]!

/** While a dead node is being restarted its addresses cannot change: the restart sets them. */
function repairing(nodeId: string): ProblemError {
  return new ProblemError(
    409,
    'node_repairing',
    `node ${nodeId} stopped answering and is being restarted; retry in a few seconds`,
    {
      headers: { 'Retry-After': '5' },
    }
  )
}

function refuseWhileReviving(ctx: EngineCtx, nodeId: string): void {
  if (ctx.worker.isReviving(nodeId)) throw repairing(nodeId)
}

/**
 * A free block of a version's pools; the pool lock keeps replicas from both taking it. IPv4,
 * taken by every node, is found in the index (next fit); IPv6, taken on request only, by
 * reading the blocks in use (128-bit values have no column type on both databases).
 */
async function firstFree(ctx: TxCtx, version: 4 | 6): Promise<Block | undefined> {
  await lockKey(ctx.db, `public-ips:v${version}`)
  const pools = ipPools(ctx.config)
  if (version === 6) return firstFreeBlock(pools[6], await usedNetworks(ctx.db, 6))
  const free = await nextFit(ipv4Ranges(pools), usedIpv4(ctx.db))
  return free === undefined ? undefined : ipv4Block(free)
}

async function pickBlock(ctx: TxCtx, requested: string): Promise<Block> {
  if (requested === 'auto' || requested === 'auto-ipv6') {
    const version = requested === 'auto' ? 4 : 6
    const free = await firstFree(ctx, version)
    if (!free)
      throw new ProblemError(503, 'ip_pool_exhausted', `no free public IPv${version} address`, {
        headers: { 'Retry-After': '60' },
      })
    return free
  }
  const wanted = blockForAddress(ipPools(ctx.config), requested)
  if (!wanted)
    throw invalidField(
      'ip',
      'must be auto, auto-ipv6, or an address from the public pools',
      'ip_not_in_pool'
    )
  if (await isNetworkUsed(ctx.db, wanted.network))
    throw new ProblemError(409, 'ip_in_use', `${requested} is attached to a node`)
  return wanted
}

async function attachBlock(ctx: TxCtx, node: NodeRow, chosen: Block): Promise<AttachResult> {
  await insertAttachment(ctx.db, {
    network: chosen.network,
    ip: chosen.ip,
    version: chosen.version,
    ipv4Value: chosen.ipv4Value,
    nodeId: node.id,
    accountId: node.accountId,
    attachedAt: ctx.clock.now(),
  })
  const result = {
    status: 'attached' as const,
    ip: chosen.ip,
    ipVersion: chosen.version,
    nodeId: node.id,
  }
  await recordIpEvent(ctx, node.accountId, 'public_ip.attached', result)
  return result
}

/** Public IP events are about the node, so a node's own events include its addresses. */
function recordIpEvent(
  ctx: TxCtx,
  accountId: string,
  type: 'public_ip.attached' | 'public_ip.detached',
  data: { ip: string; ipVersion: number; nodeId: string; reason?: string }
): Promise<void> {
  return recordEvent(ctx, { accountId, type, resourceId: data.nodeId, data })
}

/** Attaches a public address to a running node: in the record, then on the node itself. */
export async function attachIp(
  ctx: EngineCtx,
  accountId: string,
  nodeId: string,
  requested: string,
  answer: IdempotentAnswer<AttachResult> = withoutKey
): Promise<AttachResult> {
  const { node, chosen, result } = await transaction(ctx.db, async (tx) => {
    const node = await liveNodeOr404({ db: tx }, accountId, nodeId)
    refuseWhileReviving(ctx, nodeId)
    if (node.status !== 'running') {
      throw new ProblemError(
        409,
        'node_not_running',
        `node ${nodeId} is ${node.status}; addresses attach once it is running`
      )
    }
    const chosen = await pickBlock({ ...ctx, db: tx }, requested)
    const result = await attachBlock({ ...ctx, db: tx }, node, chosen)
    await answer.save(tx, result)
    return { node, chosen, result }
  })
  try {
    await ctx.worker.syncPublicIps(node)
  } catch (err) {
    // An answer of "attached" must mean the address answers. Take the attachment back, let
    // the engine drop what it half-configured, and give the contract's "retry" 500.
    ctx.log.error({ err, node_id: nodeId, ip: chosen.ip }, 'public address could not be configured')
    await transaction(ctx.db, async (tx) => {
      if (await findAttachment(tx, nodeId, chosen.network)) {
        await deleteAttachment(tx, chosen.network)
        const data = { ip: chosen.ip, ipVersion: chosen.version, nodeId, reason: 'attach_failed' }
        await recordIpEvent({ ...ctx, db: tx }, accountId, 'public_ip.detached', data)
      }
      await answer.discard(tx)
    })
    // A node whose engine side died is the usual cause: say so, and start its restart now
    // rather than at the next health check.
    if (await ctx.worker.reviveIfDead(nodeId).catch(() => false)) throw repairing(nodeId)
    ctx.worker
      .syncPublicIps(node)
      .catch((again) => ctx.log.warn({ err: again, node_id: nodeId }, 'address cleanup failed'))
    throw new ProblemError(
      500,
      'ip_attach_failed',
      'the address could not be configured on the node; retry the request'
    )
  }
  return result
}

/**
 * Attaches the automatic IPv4 of a node turning `running` and returns its address; undefined
 * when the pools are exhausted.
 */
export async function attachAutoIpv4(ctx: TxCtx, node: NodeRow): Promise<string | undefined> {
  const free = await firstFree(ctx, 4)
  return free ? address((await attachBlock(ctx, node, free)).ip) : undefined
}

async function attachmentToDetach(
  db: Db,
  config: Config,
  node: NodeRow,
  ip: string | undefined
): Promise<PublicIpRow> {
  if (ip === undefined) {
    const latest = await latestAttachment(db, node.id)
    if (!latest)
      throw new ProblemError(404, 'ip_not_attached', `node ${node.id} has no public address`)
    return latest
  }
  const wanted = blockForAddress(ipPools(config), address(ip))
  if (!wanted) throw invalidField('ip', 'is not an address from the public pools', 'ip_not_in_pool')
  const row = await findAttachment(db, node.id, wanted.network)
  if (!row)
    throw new ProblemError(404, 'ip_not_attached', `${ip} is not attached to node ${node.id}`)
  return row
}

/**
 * Detaches the address named, or the most recently attached one. The record is the truth: if
 * the engine fails to drop the address now, the node's next sync or the next start does.
 */
export async function detachIp(
  ctx: EngineCtx,
  accountId: string,
  nodeId: string,
  ip: string | undefined
) {
  const { node, detached } = await transaction(ctx.db, async (tx) => {
    // Locked: the worker turning the node running reads its reserved address into the event.
    const node = await lockedLiveNodeOr404(tx, accountId, nodeId)
    refuseWhileReviving(ctx, nodeId)
    if (node.status !== 'running') {
      throw new ProblemError(
        409,
        'node_not_running',
        node.status === 'deleting'
          ? `node ${nodeId} is deleting; its addresses are released with it`
          : `node ${nodeId} is provisioning; addresses detach once it is running`
      )
    }
    const row = await attachmentToDetach(tx, ctx.config, node, ip)
    await deleteAttachment(tx, row.network)
    const detached = {
      status: 'detached' as const,
      ip: row.ip,
      ipVersion: row.version as 4 | 6,
      nodeId,
    }
    await recordIpEvent({ ...ctx, db: tx }, accountId, 'public_ip.detached', detached)
    return { node, detached }
  })
  await ctx.worker
    .syncPublicIps(node)
    .catch((err) =>
      ctx.log.error(
        { err, node_id: nodeId, ip: detached.ip },
        'address left on the node until its next sync or restart'
      )
    )
  return detached
}

/**
 * Each node's first attached IPv4 address (without prefix): the contract's `ip_address`. For
 * many nodes of one account, reading the account's addresses at once beats a long IN list.
 */
export async function primaryIpv4(
  ctx: ServiceCtx,
  nodeIds: string[],
  accountId?: string
): Promise<Map<string, string>> {
  const result = new Map<string, string>()
  const rows =
    accountId && nodeIds.length > 1
      ? await attachmentsOfAccount(ctx.db, accountId)
      : await attachmentsOfNodes(ctx.db, nodeIds)
  for (const row of rows) {
    if (row.version === 4 && !result.has(row.nodeId)) result.set(row.nodeId, address(row.ip))
  }
  return result
}

/** `GET /api/v1/nodes/{id}/network/ip`: the node's addresses as the API shows them. */
export async function listNodeIps(
  ctx: Ctx,
  accountId: string,
  nodeId: string
): Promise<IpAttachmentEntry[]> {
  const node = await liveNodeOr404(ctx, accountId, nodeId)
  // The automatic IPv4 is recorded just before a node turns running: hidden until then, as
  // the node's own ip_address is.
  if (node.status === 'provisioning') return []
  return (await attachmentsOfNodes(ctx.db, [nodeId])).map((row) => ({
    status: 'attached' as const,
    ip: row.ip,
    ipVersion: row.version as 4 | 6,
    nodeId,
    attachedAt: row.attachedAt.toISOString(),
  }))
}

/** Every address of one node, oldest first. */
export async function nodeAddresses(ctx: ServiceCtx, nodeId: string) {
  return (await attachmentsOfNodes(ctx.db, [nodeId])).map((row) => ({
    ip: row.ip,
    address: address(row.ip),
    ipVersion: row.version as 4 | 6,
    attached_at: row.attachedAt.toISOString(),
  }))
}

/** Returns a torn-down node's addresses to the pools. */
export async function releaseNodeIps(
  ctx: TxCtx,
  node: Pick<NodeRow, 'id' | 'accountId'>
): Promise<void> {
  const released = await attachmentsOfNodes(ctx.db, [node.id])
  await deleteAttachmentsOfNode(ctx.db, node.id)
  for (const row of released) {
    const data = { ip: row.ip, ipVersion: row.version, nodeId: node.id, reason: 'node_deleted' }
    await recordIpEvent(ctx, node.accountId, 'public_ip.detached', data)
  }
}
