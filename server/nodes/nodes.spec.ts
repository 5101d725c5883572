import { hostSize } from '../compute-hosts/compute-hosts.service.js'
import type { ServiceCtx } from '../deps.js'
import type { ExpectedNode, NodeSpec } from '../provisioning/driver.js'
import { nodeAddresses } from '../public-ips/public-ips.service.js'
import { cidrOfVpc } from '../vpcs/vpcs.service.js'
import { accessOfRow } from './node-access.service.js'
import type { NodeRow } from './nodes.table.js'
import { userDataScriptOf } from './user-data.service.js'

// What the engine is told of a node: the driver's NodeSpec, built from the node's row.

type Ctx = ServiceCtx<'clock' | 'config' | 'secrets'>

/** What the driver builds from a row: the row's identity, its host's size, VPC range, root login, and what goes inside (SSH access, user data). */
export function specOf(
  ctx: Pick<Ctx, 'secrets'>,
  row: NodeRow,
  size: NodeSpec['size'],
  vpcCidr: string,
  inside: Pick<NodeSpec, 'access' | 'userData'>
): NodeSpec {
  const { id, accountId, name, region, vpcId, hostId, privateIp, createdAt } = row
  return {
    id,
    name,
    size,
    accountId,
    region,
    vpcId,
    hostId,
    privateIp,
    createdAt,
    vpcCidr,
    login: { user: 'root', password: ctx.secrets.open(row.rootPassword) },
    ...inside,
  }
}

/** The driver's spec of a stored node, reading its host and VPC. */
export async function nodeSpec(ctx: Ctx, row: NodeRow): Promise<NodeSpec> {
  return specOf(
    ctx,
    row,
    await hostSize(ctx, row.hostId),
    await cidrOfVpc(ctx, row.accountId, row.vpcId),
    { access: await accessOfRow(ctx, row), userData: await userDataScriptOf(ctx, row) }
  )
}

/**
 * Whether nodeplane keeps the node's machine on: false when it is off, or a shutdown or poweroff
 * is under way (its end is off); true while a poweron or reboot is under way.
 */
export function poweredOn(row: Pick<NodeRow, 'powerState' | 'powerAction'>): boolean {
  if (row.powerAction === 'shutdown' || row.powerAction === 'poweroff') return false
  if (row.powerAction !== null) return true
  return row.powerState !== 'off'
}

/** A node as the driver's reconcile and health check see it: its spec, status and addresses. */
export async function expectedNode(ctx: Ctx, row: NodeRow): Promise<ExpectedNode> {
  return {
    node: await nodeSpec(ctx, row),
    status: row.status as ExpectedNode['status'],
    publicIps: (await nodeAddresses(ctx, row.id)).map((address) => address.ip),
    poweredOn: poweredOn(row),
  }
}
