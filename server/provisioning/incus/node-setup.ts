/**
 * What goes into a node on Incus before and after its first start: its private address and
 * host name as files systemd reads at boot, root's SSH access, and root's password.
 * @module
 */
import { accessCommand } from '../access-script.js'
import type { NodeAccess, NodeSpec } from '../driver.js'
import { containerHostname } from '../podman/container.js'
import type { IncusClient } from './incus-client.js'
import { execIn, pushFile } from './exec.js'

/** systemd-networkd's file for the VPC interface: the node's private address, nothing else. */
export function vpcNetworkFile(node: Pick<NodeSpec, 'privateIp' | 'vpcCidr'>): string {
  const prefix = node.vpcCidr.split('/')[1]
  return [
    "# Written by nodeplane: the node's private address in its VPC.",
    '[Match]',
    'Name=eth0',
    '',
    '[Network]',
    `Address=${node.privateIp}/${prefix}`,
    'LinkLocalAddressing=no',
    'IPv6AcceptRA=no',
    '',
  ].join('\n')
}

/** Files a stopped, new instance gets so that its first boot is already the node's. */
export async function writeBootFiles(
  client: IncusClient,
  instance: string,
  node: NodeSpec
): Promise<void> {
  await pushFile(
    client,
    instance,
    '/etc/systemd/network/10-nodeplane-vpc.network',
    vpcNetworkFile(node)
  )
  await pushFile(client, instance, '/etc/hostname', `${containerHostname(node)}\n`)
  const keys = node.access.authorizedKeys.map((key) => `${key}\n`).join('')
  await writeAccessFiles(client, instance, keys, node.access.passwordLogin)
}

/** Root's keys and password setting, as files, for sshd's first start. */
async function writeAccessFiles(
  client: IncusClient,
  instance: string,
  keys: string,
  passwordLogin: boolean
): Promise<void> {
  await pushFile(client, instance, '/root/.ssh', '', '0700', 'directory')
  await pushFile(client, instance, '/root/.ssh/authorized_keys', keys, '0600')
  await pushFile(
    client,
    instance,
    '/etc/ssh/sshd_config.d/00-nodeplane-access.conf',
    `PasswordAuthentication ${passwordLogin ? 'yes' : 'no'}\n`
  )
}

/** Makes root's access inside a running node say `access`, live (see access-script.ts). */
export async function applyAccess(
  client: IncusClient,
  instance: string,
  access: NodeAccess
): Promise<void> {
  const { args, input } = accessCommand(access)
  await execIn(client, instance, args, { input })
}

/** Sets root's password inside a running node; it reaches chpasswd on stdin. */
export async function setRootPassword(
  client: IncusClient,
  instance: string,
  password: string
): Promise<void> {
  await execIn(client, instance, ['chpasswd'], { input: `root:${password}\n` })
}

/** True once the node's sshd runs (its pid file is written when it listens). */
export async function sshdListening(client: IncusClient, instance: string): Promise<boolean> {
  try {
    await execIn(
      client,
      instance,
      ['sh', '-c', '[ -s /run/sshd.pid ] && kill -0 "$(cat /run/sshd.pid)"'],
      {
        timeoutMs: 10_000,
      }
    )
    return true
  } catch {
    return false
  }
}
