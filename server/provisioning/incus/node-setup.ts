/**
 * What goes into a node on Incus before and after its first start: its private address and
 * host name as files systemd reads at boot, root's SSH access, and root's password.
 * @module
 */
import { accessCommand } from '../access-script.js'
import type { NodeAccess, NodeSpec } from '../driver.js'
import { containerHostname } from '../podman/container.js'
import type { IncusClient } from './incus-client.js'
import { splitAddresses } from './instance.js'
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

/**
 * systemd-networkd's file for the public NIC: Incus routes the addresses to the node and
 * answers for them on the member's uplink, but configures nothing inside a NIC added to a
 * running container, so the node sets its own addresses and routes via the member
 * (169.254.0.1 and fe80::1, Incus's routed NIC gateways).
 */
export function publicNetworkFile(ips: string[]): string {
  const { v4, v6 } = splitAddresses(ips)
  const lines = [
    "# Written by nodeplane: the node's public addresses.",
    '[Match]',
    'Name=eth1',
    '',
    '[Network]',
  ]
  for (const ip of v4) lines.push(`Address=${ip}/32`)
  for (const ip of v6) lines.push(`Address=${ip}/128`)
  lines.push('IPv6AcceptRA=no', '')
  if (v4.length > 0) lines.push('[Route]', 'Gateway=169.254.0.1', 'GatewayOnLink=yes', '')
  if (v6.length > 0) lines.push('[Route]', 'Gateway=fe80::1', '')
  return lines.join('\n')
}

const PUBLIC_FILE = '/etc/systemd/network/20-nodeplane-public.network'

/** Makes the addresses inside the node match its public NIC, live (networkd reloads). */
export async function applyPublicAddresses(
  client: IncusClient,
  instance: string,
  ips: string[]
): Promise<void> {
  const next = ips.length > 0 ? publicNetworkFile(ips) : ''
  await pushFile(client, instance, `${PUBLIC_FILE}.next`, next)
  await execIn(client, instance, ['sh', '-c', APPLY_PUBLIC, 'apply', PUBLIC_FILE])
}

/**
 * Puts `$1.next` in place of `$1` (an empty one removes it) and has networkd apply it, unless
 * nothing changed: a node booting reads the file itself, and its bus may not be up yet to be
 * asked. A change waits up to 30 s for the bus (a node just started again).
 */
const APPLY_PUBLIC = `set -e
f=$1
if [ -s "$f.next" ]; then cmp -s "$f.next" "$f" && { rm -f "$f.next"; exit 0; }; mv -f "$f.next" "$f"
else rm -f "$f.next"; [ -e "$f" ] || exit 0; rm -f "$f"; fi
i=0
until [ -S /run/dbus/system_bus_socket ] && networkctl list >/dev/null 2>&1; do
  i=$((i + 1)); [ "$i" -le 300 ] || { echo "networkd did not answer" >&2; exit 3; }; sleep 0.1
done
networkctl reload
if ip link show eth1 >/dev/null 2>&1; then networkctl reconfigure eth1; fi
`

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

/**
 * What a new node gets at its first boot: root's password (through chpasswd on stdin) and its
 * host name, the node's name when that is a valid host name (the image's templates wrote the
 * instance's name at this boot, so it is set after them).
 */
export async function firstBoot(
  client: IncusClient,
  instance: string,
  node: NodeSpec
): Promise<void> {
  await execIn(client, instance, ['chpasswd'], { input: `root:${node.login.password}\n` })
  const script = [
    'printf "%s\\n" "$1" >/etc/hostname',
    'hostname "$1"',
    'sed -i "s/^127\\.0\\.1\\.1 .*/127.0.1.1 $1/" /etc/hosts',
  ].join(' && ')
  await execIn(client, instance, ['sh', '-c', script, 'sh', containerHostname(node)])
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
