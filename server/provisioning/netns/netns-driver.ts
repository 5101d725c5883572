import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from 'pino'
import {
  ProvisioningRefused,
  type DriverWithFirewall,
  type DriverWithPreflight,
  type ExpectedNode,
  type NodeSpec,
} from '../driver.js'
import { cachedBriefly } from '../brief-cache.js'
import { listNamespaces } from '../network/exec.js'
import type { DefaultIngress } from '../network/fabric.js'
import { createEngine } from './engine.js'
import { nodeNamespace, shortHash, type NetnsNames } from '../network/names.js'
import { waitForSshd } from '../network/node-net.js'
import { removeInstance } from '../cleanup.js'
import { preflight } from './preflight.js'
import { reconcileEngine, removeUnowned } from './reconcile.js'
import { readNetnsUserData, startNetnsUserData } from './user-data.js'
import { USER_DATA_TIMEOUT_SECONDS } from '../user-data-runner.js'

export interface NetnsOptions {
  dataDir: string
  /** Wait before a node's sshd starts, standing for an OS boot. */
  bootSeconds: number
  log: Logger
  /** User data is killed after this long (default 10 minutes). */
  userDataTimeoutSeconds?: number
  /** What reaches a node no firewall applies to (default `open`); read at each fabric check. */
  defaultIngress?: () => DefaultIngress
}

/** The netns driver with the names it uses, which tests and operators need to find things. */
export type NetnsDriver = DriverWithPreflight & DriverWithFirewall & { names: NetnsNames }

/** How long a revived node may take to open port 22 when the caller sets no limit. */
const REVIVE_TIMEOUT_MS = 30_000

/**
 * Real nodes on one Linux kernel: each node is a network namespace running its own OpenSSH
 * server, each VPC a bridge in a fabric namespace, and public addresses are routed to nodes
 * from a namespace that stands for the internet. See docs/drivers.md.
 */
export function createNetnsDriver(options: NetnsOptions): NetnsDriver {
  const e = createEngine(options)
  const userDataLimit = options.userDataTimeoutSeconds ?? USER_DATA_TIMEOUT_SECONDS
  let checked: Promise<void> | undefined
  // Checked on first use, so CLI commands that never build a node never need root.
  function ready(): Promise<void> {
    checked ??= preflight()
    // A failed check is not kept: the operator may install what was missing and retry.
    return checked.catch((err: unknown) => {
      checked = undefined
      throw err
    })
  }
  const perNode = <T>(id: string, task: () => Promise<T>) => e.serial(`node:${shortHash(id)}`, task)

  function waitForSsh(node: NodeSpec, signal: AbortSignal): Promise<void> {
    // Readiness is a real connection, not a timer: sshd accepts on the node's address.
    return waitForSshd(nodeNamespace(e.names, node.id), node.privateIp, signal, async (round) => {
      if (round % 2 === 0) await perNode(node.id, () => e.ensureSshd(node))
    })
  }

  return {
    name: 'netns',
    names: e.names,
    // Asked by every POST /nodes: root, the tools and network namespaces, every few seconds.
    preflight: cachedBriefly(() =>
      preflight().catch((err: Error) => {
        throw new ProvisioningRefused(err.message)
      })
    ),
    async create(node) {
      await ready()
      await perNode(node.id, async () => {
        try {
          await e.build(node)
        } catch (err) {
          // The worker tries again: from a clean slate, not a half-built namespace.
          await e.remove(shortHash(node.id), node.vpcId).catch(() => undefined)
          throw err
        }
      })
    },
    async waitUntilReady(node, signal) {
      if (options.bootSeconds > 0) await sleep(options.bootSeconds * 1000, undefined, { signal })
      await waitForSsh(node, signal)
    },
    async destroy(node) {
      await ready()
      await perNode(node.id, () => e.remove(shortHash(node.id), node.vpcId))
    },
    async setPublicIps(node, ips) {
      await perNode(node.id, () => e.setPublicIps(node, ips))
    },
    async setAccess(node, access) {
      await perNode(node.id, () => e.setAccess(node, access))
    },
    async setFirewall(node, rules) {
      await e.ingress.set(node.id, rules)
    },
    async reconcile(expected: ExpectedNode[], options = {}) {
      await ready()
      await reconcileEngine(e, expected, perNode, options.keepUnowned)
    },
    removeUnowned(ownedIds) {
      return removeUnowned(e, ownedIds)
    },
    async findDead(runningIds) {
      const namespaces = await listNamespaces()
      return runningIds.filter((id) => e.isDead(id, namespaces))
    },
    async revive({ node, publicIps }, signal = AbortSignal.timeout(REVIVE_TIMEOUT_MS)) {
      await ready()
      await perNode(node.id, () => e.rebuild(node, publicIps))
      await waitForSsh(node, signal)
    },
    async startUserData(node) {
      await ready()
      await perNode(node.id, () => startNetnsUserData(e.names, node, userDataLimit))
    },
    readUserData(node) {
      return readNetnsUserData(e.names, node, userDataLimit)
    },
    async release() {
      await e.serial('fabric', () => removeInstance(e.names, { nodeDirs: false }))
    },
  }
}
