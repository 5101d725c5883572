import type { z } from '@hono/zod-openapi'
import type { Principal } from '../api-keys/api-keys.service.js'
import {
  assertKnownRegion,
  defaultRegion,
  nodeSizeOf,
  reserveHost,
  sizeOf,
} from '../compute-hosts/compute-hosts.service.js'
import type { Db } from '../db/client.js'
import { transaction } from '../db/transaction.js'
import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import { invalidField, ProblemError } from '../http/problem.js'
import { withoutKey, type IdempotentAnswer } from '../idempotency/idempotent-answer.js'
import { parseLabelSelector } from '../labels/label-selector.js'
import { insertLabels, sortedLabels } from '../labels/labels.store.js'
import { assertFirewallRoomForLabels } from '../firewalls/firewalls.service.js'
import { newNodeId } from '../lib/ids.js'
import { ipv4Text, privateRange } from '../lib/ip.js'
import { nextFit } from '../lib/next-fit.js'
import { isAdminAccount } from '../accounts/accounts.service.js'
import { generatePassword } from '../accounts/passwords.js'
import type { NodeSpec } from '../provisioning/driver.js'
import { ensureDefaultVpc, lockVpcForNewNode, vpcForNewNode } from '../vpcs/vpcs.service.js'
import { userDataScript } from './cloud-config.js'
import { checkAccess, storeNodeSshKeys } from './node-access.service.js'
import type { CreateNodeBody, Node, NodeListQuery } from './nodes.schema.js'
import {
  findLiveNode,
  findNodeOfAccount,
  insertNode,
  liveNodesOfAccount,
  nodesInStatus,
  toNode,
  type NodeRow,
} from './nodes.store.js'
import { recordNodeEvent, recordStuckEvents } from './node-events.js'
import { usedPrivateIps } from './node-private-ips.store.js'
import { markDeleting, markStuck } from './node-transitions.store.js'
import { specOf } from './nodes.spec.js'
import { liveNodeOr404 } from './nodes.lookup.js'
import { nodeUsage } from './nodes.quota.js'
import { assertWithinLimits } from '../quotas/quota-check.js'
import { stuckSince, view } from './nodes.view.js'

export { getNode } from './nodes.view.js'
import { saveUserData } from './user-data.service.js'

type Ctx = ServiceCtx<'clock' | 'config' | 'secrets'>
type TxCtx = ServiceTxCtx<'clock' | 'config' | 'secrets'>
/** Creating and deleting also hand the node to the worker (and its engine). */
type EngineCtx = ServiceCtx<'clock' | 'config' | 'secrets' | 'worker' | 'log'>

/** A free private address of the VPC (next fit); the VPC's row is locked (lockVpcForNewNode). */
async function nextPrivateIp(ctx: TxCtx, vpc: { id: string; cidr: string }): Promise<number> {
  const free = await nextFit([privateRange(vpc.cidr)], usedPrivateIps(ctx.db, vpc.id))
  if (free === undefined)
    throw new ProblemError(409, 'vpc_full', `VPC ${vpc.id} has no free private address`)
  return free
}

/**
 * The VPC a new node asked for, if any, and its host, reserved. An unknown `region` is the
 * answer whichever lookup failed, as if it were checked first; it is asked only once one has
 * failed, so a creation that finds its host pays for no probe.
 */
async function vpcAndHost(ctx: TxCtx, accountId: string, body: z.infer<typeof CreateNodeBody>) {
  try {
    const requestedVpc = body.vpc_id ? await vpcForNewNode(ctx, accountId, body.vpc_id) : undefined
    const region =
      body.region ?? requestedVpc?.region ?? (body.host_id ? undefined : await defaultRegion(ctx))
    const host = await reserveHost(ctx, { hostId: body.host_id, region })
    return { requestedVpc, host }
  } catch (err) {
    if (body.region && err instanceof ProblemError)
      await assertKnownRegion(ctx, body.region, 'region')
    throw err
  }
}

/**
 * Password login unless asked otherwise, or unless SSH keys are given: a node created with
 * keys has no password login by default, as at Hetzner (a password nobody asked for is only
 * one more way in).
 */
function passwordLoginOf(body: z.infer<typeof CreateNodeBody>): boolean {
  return body.password_login ?? !body.ssh_keys?.length
}

/** The placement transaction: VPC, host, private address and the answer, or nothing at all. */
function insertPlacedNode(
  ctx: EngineCtx,
  accountId: string,
  body: z.infer<typeof CreateNodeBody>,
  answer: IdempotentAnswer<Node>,
  script: string | null
): Promise<{ row: NodeRow; node: Node; spec: NodeSpec }> {
  return transaction(ctx.db, async (tx) => {
    const c = { ...ctx, db: tx }
    const sshKeyIds = body.ssh_keys ?? []
    const access = await checkAccess(c, accountId, sshKeyIds, passwordLoginOf(body))
    const { requestedVpc, host } = await vpcAndHost(c, accountId, body)
    if (requestedVpc && requestedVpc.region !== host.region) {
      throw invalidField(
        'vpc_id',
        `VPC is in ${requestedVpc.region}, the node in ${host.region}`,
        'region_mismatch'
      )
    }
    // Locked after the host, always in that order: creations that wait on each other's locks
    // then never wait in a circle (a deadlock).
    const vpc = requestedVpc
      ? await lockVpcForNewNode(c, accountId, requestedVpc)
      : await ensureDefaultVpc(c, accountId, host.region)
    const size = { nodes: 1, cpu_cores: host.cpuCores, memory_gb: host.memoryGb }
    await assertWithinLimits(c, accountId, size, nodeUsage)
    const privateIpValue = await nextPrivateIp(c, vpc)
    const row = await insertNode(tx, {
      id: newNodeId(),
      accountId,
      name: body.name ?? null,
      region: host.region,
      vpcId: vpc.id,
      hostId: host.id,
      privateIp: ipv4Text(privateIpValue),
      privateIpValue,
      status: 'provisioning',
      hourlyPrice: host.hourlyPrice,
      currency: host.currency,
      rootPassword: ctx.secrets.seal(generatePassword()),
      createdAt: ctx.clock.now(),
      // This process provisions it; if it dies, another replica claims the node.
      workerId: ctx.worker.id,
      passwordLogin: access.passwordLogin,
      userDataStatus: script === null ? null : 'pending',
    })
    await insertLabels(tx, 'node', accountId, row.id, body.labels)
    // Label selectors, negative ones too, may put the new node under too many firewalls.
    await assertFirewallRoomForLabels(c, accountId, row.id, body.labels)
    await storeNodeSshKeys(c, row.id, sshKeyIds)
    if (script !== null) await saveUserData(c, row.id, body.user_data!, script)
    // New, so provisioning and without a public address.
    const node = toNode(row, null, row.createdAt, {
      labels: sortedLabels(body.labels),
      sshKeys: sshKeyIds,
      size: nodeSizeOf(host),
    })
    await answer.save(tx, node)
    await recordNodeEvent(c, row, 'node.created', {
      name: row.name,
      region: row.region,
      vpc_id: row.vpcId,
      host_id: row.hostId,
      private_ip: row.privateIp,
    })
    // What the driver needs is at hand: no reads of the host and VPC again after the commit.
    const inside = { access, userData: script }
    return { row, node, spec: specOf(ctx, row, sizeOf(host), vpc.cidr, inside) }
  })
}

/**
 * The netns driver is no tenant boundary (root in a node is root on the machine), so only the
 * administrator's account may have its nodes, unless the operator allows every account.
 */
async function assertDriverServes(ctx: EngineCtx, accountId: string): Promise<void> {
  if (ctx.config.driver !== 'netns' || ctx.config.netnsAllowTenants) return
  if (await isAdminAccount(ctx, accountId)) return
  throw new ProblemError(
    403,
    'driver_single_tenant',
    'this server runs the single-tenant netns driver, which creates nodes for the administrator only'
  )
}

/** `POST /nodes`: places the node, hands it to the driver, and starts billing. */
export async function createNode(
  ctx: EngineCtx,
  accountId: string,
  body: z.infer<typeof CreateNodeBody>,
  answer: IdempotentAnswer<Node> = withoutKey
): Promise<Node> {
  // Converted before anything is placed: invalid user data changes nothing.
  const script = body.user_data === undefined ? null : userDataScript(body.user_data)
  await assertDriverServes(ctx, accountId)
  await assertEngineTakesNodes(ctx)
  const { node, spec } = await insertPlacedNode(ctx, accountId, body, answer, script)
  // The engine builds it after the answer: a failure then is retried until the node is stuck.
  ctx.worker.track(spec)
  return node
}

/**
 * The contract's 500 for POST /nodes, for what can be known at once: the engine is down or
 * lacks its image (the driver's preflight). Asked before anything is placed, so nothing is
 * kept and a retry starts clean.
 */
async function assertEngineTakesNodes(ctx: EngineCtx): Promise<void> {
  try {
    await ctx.worker.preflight()
  } catch (err) {
    ctx.log.warn({ err }, 'engine refused node')
    throw new ProblemError(
      500,
      'provisioning_failed',
      'the node could not be provisioned; retry the request'
    )
  }
}

/** Every live node of the account, oldest first (the contract's GET /nodes and the dashboard). */
export async function listNodes(ctx: Ctx, accountId: string): Promise<Node[]> {
  return view(ctx, await liveNodesOfAccount(ctx.db, accountId), true)
}

/** `GET /nodes` with its optional filters and paging; `after` names the next page's cursor. */
export async function listNodesPage(
  ctx: Ctx,
  accountId: string,
  query: NodeListQuery
): Promise<{ nodes: Node[]; after?: string }> {
  const filter = {
    status: query.status,
    region: query.region,
    vpcId: query.vpc_id,
    selector: query.label_selector ? parseLabelSelector(query.label_selector) : undefined,
  }
  if (query.limit === undefined) {
    if (query.after !== undefined)
      throw invalidField('after', 'needs limit: it names where a page starts')
    const rows = await liveNodesOfAccount(ctx.db, accountId, filter)
    return { nodes: await view(ctx, rows, true) }
  }
  const after =
    query.after === undefined ? undefined : await cursorNode(ctx.db, accountId, query.after)
  // One more than the page: whether it exists says whether a next page does.
  const rows = await liveNodesOfAccount(ctx.db, accountId, filter, {
    limit: query.limit + 1,
    after,
  })
  const page = rows.slice(0, query.limit)
  return {
    nodes: await view(ctx, page),
    after: rows.length > query.limit ? page.at(-1)!.id : undefined,
  }
}

async function cursorNode(db: Db, accountId: string, id: string): Promise<NodeRow> {
  const row = await findNodeOfAccount(db, accountId, id)
  if (!row) throw invalidField('after', `no node ${id} on this account`, 'cursor_not_found')
  return row
}

/** Ids of every node on the machine, of any account, that is not gone yet (for `nodeplane cleanup`). */
export async function nodesNotGone(ctx: ServiceCtx): Promise<string[]> {
  return (await nodesInStatus(ctx.db, ['provisioning', 'running', 'deleting'])).map((row) => row.id)
}

/** Every node that is or will be up (provisioning or running), of any account: the firewall sync's. */
export async function nodesUp(ctx: ServiceCtx): Promise<{ id: string; accountId: string }[]> {
  const rows = await nodesInStatus(ctx.db, ['provisioning', 'running'])
  return rows.map((row) => ({ id: row.id, accountId: row.accountId }))
}

/** `DELETE /nodes/{id}`: billing stops now; teardown finishes in the background, here. */
export async function deleteNode(ctx: EngineCtx, accountId: string, id: string): Promise<void> {
  const fields = { deletedAt: ctx.clock.now(), workerId: ctx.worker.id }
  // One conditional update, not a read then a write: the worker may turn the node running in
  // between, which must not make the delete look like a repeat.
  const row = await transaction(ctx.db, async (tx) => {
    const marked = await markDeleting(tx, accountId, id, fields)
    if (marked) await recordNodeEvent({ ...ctx, db: tx }, marked, 'node.deleting')
    return marked
  })
  if (!row) {
    const exists = await findLiveNode(ctx.db, accountId, id)
    throw new ProblemError(
      404,
      'node_not_found',
      exists ? `node ${id} is already deleted` : `no node ${id} on this account`
    )
  }
  ctx.worker.teardown(row)
}

/**
 * Records `node.stuck` once for each node provisioning longer than the contract's 2 minutes (the
 * API's `stuck` flag is computed on read; the event needs a moment to be written). The worker
 * reports a node it gives up on at once (nodes.worker.ts); this catches every other.
 */
export async function reportStuckNodes(ctx: Ctx): Promise<number> {
  return transaction(ctx.db, async (tx) => {
    const rows = await markStuck(tx, stuckSince(ctx), ctx.clock.now())
    await recordStuckEvents({ ...ctx, db: tx }, rows)
    return rows.length
  })
}

/** Root credentials of a node; secret, so a `read` key may not see them. */
export async function nodeCredentials(ctx: Ctx, principal: Principal, id: string) {
  if (principal.scope !== 'read_write') {
    throw new ProblemError(403, 'insufficient_scope', 'credentials need a read_write API key')
  }
  const row = await liveNodeOr404(ctx, principal.accountId, id)
  const ip = (await view(ctx, [row]))[0]!.ip_address
  return {
    node_id: row.id,
    username: 'root' as const,
    // A password that cannot log in is not handed out: it would only mislead.
    password: row.passwordLogin ? ctx.secrets.open(row.rootPassword) : null,
    password_login: row.passwordLogin,
    ssh_command: row.status === 'running' && ip ? `ssh root@${ip}` : null,
  }
}
