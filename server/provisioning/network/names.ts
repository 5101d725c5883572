import { createHash } from 'node:crypto'
import { join, resolve } from 'node:path'

/**
 * Names of everything the netns driver creates. Namespaces carry an instance prefix (a hash
 * of the data directory), so two nodeplane servers on one machine never touch each other's
 * namespaces; interface names stay within the kernel's 15 characters.
 */
export interface NetnsNames {
  /** `np` plus 4 hex digits; every namespace of this instance starts with `<prefix>-`. */
  prefix: string
  /** The fabric namespace holding the VPC bridges and the public router. */
  fabric: string
  /** The namespace that stands for the internet, the only client of public addresses. */
  internet: string
  /** Where per-node directories live: `<dataDir>/netns/`. */
  stateDir: string
}

const hash = (text: string, length: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, length)

/** The names of the instance whose data directory is `dataDir`. */
export function netnsNames(dataDir: string): NetnsNames {
  const prefix = `np${hash(resolve(dataDir), 4)}`
  return {
    prefix,
    fabric: `${prefix}-fabric`,
    internet: `${prefix}-inet`,
    stateDir: join(resolve(dataDir), 'netns'),
  }
}

/** 10 hex digits of a node or VPC id: the part its namespace and interfaces are named by. */
export function shortHash(id: string): string {
  return hash(id, 10)
}

/** A node's namespace: `<prefix>-<hash>`. */
export function nodeNamespace(names: NetnsNames, nodeId: string): string {
  return `${names.prefix}-${shortHash(nodeId)}`
}

/** The node hash of one of this instance's node namespaces; undefined for anything else. */
export function hashOfNamespace(names: NetnsNames, namespace: string): string | undefined {
  const match = /^(.+)-([0-9a-f]{10})$/.exec(namespace)
  return match && match[1] === names.prefix ? match[2] : undefined
}

/** Fabric-side interfaces: a VPC bridge, a node's VPC port and a node's public link. */
export const ifname = {
  bridge: (vpcId: string) => `b${shortHash(vpcId)}`,
  vpcPort: (hash: string) => `v${hash}`,
  publicLink: (hash: string) => `p${hash}`,
}

/** The node's side: `eth0` on its VPC, `eth1` toward the public router. */
export const NODE_VPC_IF = 'eth0'
export const NODE_PUBLIC_IF = 'eth1'

/** A node's directory (sshd config, host key, shadow file, root's home), keyed like its namespace. */
export function nodeDir(names: NetnsNames, hash: string): string {
  return join(names.stateDir, hash)
}

/** The node's hostname: its id, made a valid host name. */
export function nodeHostname(nodeId: string): string {
  return nodeId.replace(/_/g, '-')
}
