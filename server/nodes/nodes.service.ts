import type { z } from 'zod'
import type { Principal } from '../api-keys/api-keys.service.js'
import { assertKnownRegion, freeHost, reserveHost } from '../compute-hosts/compute-hosts.service.js'
import type { Deps } from '../deps.js'
import { invalidField, ProblemError } from '../http/problem.js'
import { newNodeId } from '../lib/ids.js'
import { privateAddressAt } from '../lib/ip.js'
import { generatePassword } from '../accounts/passwords.js'
import type { ExpectedNode, NodeSpec } from '../provisioning/driver.js'
import type { WorkerHooks } from '../provisioning/worker.js'
import { attachAutoIpv4, nodeAddresses, primaryIpv4, releaseNodeIps } from '../public-ips/public-ips.service.js'
import { ensureDefaultVpc, getVpc, vpcForNewNode } from '../vpcs/vpcs.service.js'
import type { CreateNodeBody, Node } from './nodes.schema.js'
import {
  deleteNodeRow,
  findLiveNode,
  findNode,
  insertNode,
  liveNodesOfAccount,
  nodesInStatus,
  toNode,
  transition,
  usedPrivateIps,
  type NodeRow,
} from './nodes.store.js'

type Ctx = Pick<Deps, 'db' | 'clock' | 'config' | 'secrets'>

function view(ctx: Ctx, rows: NodeRow[]): Node[] {
  const ips = primaryIpv4(ctx.db, rows.map((row) => row.id), rows[0]?.accountId)
  const now = ctx.clock.now()
  return rows.map((row) => toNode(row, ips.get(row.id) ?? null, now))
}

function nodeOr404(ctx: Ctx, accountId: string, id: string): NodeRow {
  const row = findLiveNode(ctx.db, accountId, id)
  if (!row) throw new ProblemError(404, 'node_not_found', `no node ${id} on this account`)
  return row
}

function nextPrivateIp(ctx: Ctx, vpc: { id: string; cidr: string }): string {
  const used = usedPrivateIps(ctx.db, vpc.id)
  for (let n = 0; ; n++) {
    const candidate = privateAddressAt(vpc.cidr, n)
    if (!candidate) throw new ProblemError(409, 'vpc_full', `VPC ${vpc.id} has no free private address`)
    if (!used.has(candidate)) return candidate
  }
}

/** The placement transaction: VPC, host and private address, or nothing at all. */
function insertPlacedNode(ctx: Ctx, accountId: string, body: z.infer<typeof CreateNodeBody>): NodeRow {
  return ctx.db.transaction((tx) => {
    const c = { ...ctx, db: tx }
    if (body.region) assertKnownRegion(tx, body.region, 'region')
    const requestedVpc = body.vpc_id ? vpcForNewNode(tx, accountId, body.vpc_id) : undefined
    const region = body.region ?? requestedVpc?.region ?? (body.host_id ? undefined : ctx.config.defaultRegion)
    const host = reserveHost(tx, { hostId: body.host_id, region })
    if (requestedVpc && requestedVpc.region !== host.region) {
      throw invalidField('vpc_id', `VPC is in ${requestedVpc.region}, the node in ${host.region}`, 'region_mismatch')
    }
    const vpc = requestedVpc ?? ensureDefaultVpc(c, accountId, host.region)
    return insertNode(tx, {
      id: newNodeId(),
      accountId,
      name: body.name ?? null,
      region: host.region,
      vpcId: vpc.id,
      hostId: host.id,
      privateIp: nextPrivateIp(c, vpc),
      status: 'provisioning',
      hourlyPrice: host.hourlyPrice,
      currency: host.currency,
      rootPassword: ctx.secrets.seal(generatePassword()),
      createdAt: ctx.clock.now(),
    })
  })
}

/** What the driver builds from a row: the row's identity plus its VPC range and root login. */
function nodeSpec(ctx: Ctx, row: NodeRow): NodeSpec {
  const { id, accountId, region, vpcId, hostId, privateIp, createdAt } = row
  return {
    id,
    accountId,
    region,
    vpcId,
    hostId,
    privateIp,
    createdAt,
    vpcCidr: getVpc(ctx.db, accountId, vpcId).cidr,
    login: { user: 'root', password: ctx.secrets.open(row.rootPassword) },
  }
}

/** `POST /nodes`: places the node, hands it to the driver, and starts billing. */
export async function createNode(deps: Deps, accountId: string, body: z.infer<typeof CreateNodeBody>): Promise<Node> {
  const row = insertPlacedNode(deps, accountId, body)
  const spec = nodeSpec(deps, row)
  try {
    await deps.worker.admit(spec)
  } catch (err) {
    // The spec's 500 for POST /nodes: nothing is kept, so a retry starts clean.
    deps.db.transaction((tx) => {
      deleteNodeRow(tx, row.id)
      freeHost(tx, row.hostId)
    })
    deps.log.warn({ err, node_id: row.id }, 'driver refused node')
    throw new ProblemError(500, 'provisioning_failed', 'the node could not be provisioned; retry the request')
  }
  deps.worker.track(spec)
  return view(deps, [row])[0]!
}

export function listNodes(ctx: Ctx, accountId: string): Node[] {
  return view(ctx, liveNodesOfAccount(ctx.db, accountId))
}

export function getNode(ctx: Ctx, accountId: string, id: string): Node {
  return view(ctx, [nodeOr404(ctx, accountId, id)])[0]!
}

/** `DELETE /nodes/{id}`: billing stops now; teardown finishes in the background. */
export function deleteNode(deps: Deps, accountId: string, id: string): void {
  const row = nodeOr404(deps, accountId, id)
  const from = row.status
  if (from === 'deleting' || !transition(deps.db, id, from, 'deleting', { deletedAt: deps.clock.now() })) {
    throw new ProblemError(404, 'node_not_found', `node ${id} is already deleted`)
  }
  deps.worker.teardown(row)
}

/** Root credentials of a node; secret, so a `read` key may not see them. */
export function nodeCredentials(ctx: Ctx, principal: Principal, id: string) {
  if (principal.scope !== 'read_write') {
    throw new ProblemError(403, 'insufficient_scope', 'credentials need a read_write API key')
  }
  const row = nodeOr404(ctx, principal.accountId, id)
  const ip = view(ctx, [row])[0]!.ip_address
  return {
    node_id: row.id,
    username: 'root' as const,
    password: ctx.secrets.open(row.rootPassword),
    ssh_command: row.status === 'running' && ip ? `ssh root@${ip}` : null,
  }
}

/** The database side of the worker's transitions. */
export function workerHooks(ctx: Ctx & Pick<Deps, 'log'>): WorkerHooks {
  return {
    reserveAutoIpv4(nodeId) {
      return ctx.db.transaction((tx) => {
        const node = findNode(tx, nodeId)
        if (!node || node.status !== 'provisioning') return false
        // Once per node, so a restart between reserving and running does not take a second one.
        if (primaryIpv4(tx, [nodeId]).size > 0) return true
        if (!attachAutoIpv4({ ...ctx, db: tx }, node)) ctx.log.warn({ node_id: nodeId }, 'IPv4 pool exhausted')
        return true
      })
    },
    markRunning(nodeId) {
      return transition(ctx.db, nodeId, 'provisioning', 'running', { runningAt: ctx.clock.now() })
    },
    markTornDown(nodeId) {
      ctx.db.transaction((tx) => {
        const node = findNode(tx, nodeId)
        if (!node || !transition(tx, nodeId, 'deleting', 'deleted', { tornDownAt: ctx.clock.now() })) return
        releaseNodeIps(tx, nodeId)
        freeHost(tx, node.hostId)
      })
    },
    unfinished() {
      return {
        provisioning: nodesInStatus(ctx.db, ['provisioning']).map((row) => nodeSpec(ctx, row)),
        deleting: nodesInStatus(ctx.db, ['deleting']),
      }
    },
    publicIps(nodeId) {
      const node = findNode(ctx.db, nodeId)
      if (!node || node.status === 'deleting' || node.status === 'deleted') return undefined
      return nodeAddresses(ctx.db, nodeId).map((address) => address.ip)
    },
    expected() {
      return nodesInStatus(ctx.db, ['provisioning', 'running', 'deleting']).map(
        (row): ExpectedNode => ({
          node: nodeSpec(ctx, row),
          status: row.status as ExpectedNode['status'],
          publicIps: nodeAddresses(ctx.db, row.id).map((address) => address.ip),
        })
      )
    },
  }
}

