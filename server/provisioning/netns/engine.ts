import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import type { NodeAccess, NodeRef, NodeSpec } from '../driver.js'
import { keyedSerial } from '../../lib/serial.js'
import { listNamespaces } from '../network/exec.js'
import {
  deleteFabricLink,
  deleteNamespace,
  removeEmptyBridges,
  type DefaultIngress,
} from '../network/fabric.js'
import { fabricIngress, type FabricIngress } from '../network/ingress.js'
import {
  ifname,
  netnsNames,
  nodeDir,
  nodeNamespace,
  shortHash,
  type NetnsNames,
} from '../network/names.js'
import { ensureNodeNetwork, setNodePublicIps } from '../network/node-net.js'
import {
  namespaceIds,
  reloadIfStale,
  sshdPid,
  startSshd,
  stopProcesses,
  writeAccess,
  writeNodeFiles,
} from './sshd.js'

/** Internal operations shared by the driver and its reconcile. */
export interface NetnsEngine {
  names: NetnsNames
  log: Logger
  serial: <T>(key: string, task: () => Promise<T>) => Promise<T>
  /** The nodes' inbound filters, and the fabric they live in. */
  ingress: FabricIngress
  build(node: NodeSpec): Promise<void>
  ensureSshd(node: NodeSpec): Promise<void>
  /** Stops a node's processes and removes its namespace and links; keeps its directory. */
  stop(hash: string): Promise<void>
  /** `stop`, then the node's directory and, if it was the last of its VPC, the bridge. */
  remove(hash: string, vpcId?: string): Promise<void>
  setPublicIps(node: NodeRef, ips: string[]): Promise<void>
  /** Rewrites root's authorized_keys and sshd's password setting, reloading sshd if needed. */
  setAccess(node: NodeRef, access: NodeAccess): Promise<void>
  /**
   * Brings a running node back after its namespace or sshd died (a reboot, a kill): what
   * survived of a lost namespace is cleared first, the node's directory and host key stay.
   */
  rebuild(node: NodeSpec, publicIps: string[]): Promise<void>
  /** True when a running node's namespace is gone or its sshd no longer runs. */
  isDead(nodeId: string, namespaces: string[]): boolean
}

/** The steps the driver and its reconcile share; callers hold the node's serial key. */
export function createEngine(options: {
  dataDir: string
  log: Logger
  defaultIngress?: () => DefaultIngress
}): NetnsEngine {
  const names = netnsNames(options.dataDir)
  const serial = keyedSerial()
  const ingress = fabricIngress(names, serial, options.defaultIngress ?? (() => 'open'))
  const fabricExists = async () => (await listNamespaces()).includes(names.fabric)

  const self: NetnsEngine = {
    names,
    log: options.log,
    serial,
    ingress,
    async build(node) {
      await ingress.ensureFabric()
      // Bridges are shared by a VPC's nodes: their creation and removal never interleave.
      await serial(`vpc:${node.vpcId}`, () => ensureNodeNetwork(names, node))
      await writeNodeFiles(nodeDir(names, shortHash(node.id)), node)
    },
    async ensureSshd(node) {
      const namespace = nodeNamespace(names, node.id)
      if (!(await listNamespaces()).includes(namespace)) {
        throw new Error(`namespace ${namespace} of node ${node.id} is gone`)
      }
      const dir = nodeDir(names, shortHash(node.id))
      if (sshdPid(dir, node.id) === undefined) startSshd(namespace, dir, node.id)
      // A running sshd keeps the password setting it started with until told to reload.
      else await reloadIfStale(dir, node.id)
    },
    async stop(hash) {
      const namespace = `${names.prefix}-${hash}`
      const dir = nodeDir(names, hash)
      const idFile = join(dir, 'node-id')
      const nodeId = existsSync(idFile) ? readFileSync(idFile, 'utf8').trim() : undefined
      // The pid file finds the sshd of a namespace deleted by hand, which keeps it alive unnamed.
      const ids = namespaceIds(namespace, nodeId ? sshdPid(dir, nodeId) : undefined)
      if (await fabricExists()) {
        // Cut the node off first, so nothing reaches it while its processes stop.
        for (const link of [ifname.vpcPort(hash), ifname.publicLink(hash)]) {
          await deleteFabricLink(names, link)
        }
      }
      await stopProcesses(ids)
      await deleteNamespace(namespace)
    },
    async remove(hash, vpcId) {
      await self.stop(hash)
      await ingress.forget(hash)
      await rm(nodeDir(names, hash), { recursive: true, force: true })
      if (vpcId && (await fabricExists())) {
        await serial(`vpc:${vpcId}`, () => removeEmptyBridges(names, ifname.bridge(vpcId)))
      }
    },
    async setPublicIps(node, ips) {
      const namespace = nodeNamespace(names, node.id)
      if (!(await listNamespaces()).includes(namespace)) {
        throw new Error(`namespace ${namespace} of node ${node.id} is gone`)
      }
      await setNodePublicIps(names, node, ips)
    },
    async setAccess(node, access) {
      const dir = nodeDir(names, shortHash(node.id))
      if (!existsSync(join(dir, 'node-id'))) throw new Error(`node ${node.id} has no directory`)
      await writeAccess(dir, node.id, access)
      await reloadIfStale(dir, node.id)
    },
    async rebuild(node, publicIps) {
      if (!(await listNamespaces()).includes(nodeNamespace(names, node.id))) {
        // Whatever survived (an sshd in the unnamed namespace, fabric links) would collide.
        await self.stop(shortHash(node.id))
      }
      await self.build(node)
      await self.ensureSshd(node)
      await self.setPublicIps(node, publicIps)
    },
    isDead(nodeId, namespaces) {
      if (!namespaces.includes(nodeNamespace(names, nodeId))) return true
      return sshdPid(nodeDir(names, shortHash(nodeId)), nodeId) === undefined
    },
  }
  return self
}
