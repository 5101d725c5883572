/**
 * A node's inbound filter on Incus, kept inside the node. Incus 6.0 filters only NICs on its
 * managed bridge and OVN networks (network ACLs): a routed NIC, which holds a node's public
 * addresses, refuses `security.acls`, and nodeplane cannot run nft on the members (they are
 * other machines, reached through the API only). So the node's own nftables, in the node's
 * network namespace, filter what arrives on its public NIC, and nodeplane writes them through
 * the Incus API: the ruleset goes to a file the image loads at boot before any network comes
 * up (`nodeplane-firewall.service`, build-image.sh), and is loaded live at once. The node's
 * root can change it, which only weakens the node's own protection (docs/security.md).
 * @module
 */
import type { IngressRule } from '../driver.js'
import { ALWAYS, ruleStatements } from '../network/ingress-rules.js'
import type { DefaultIngress } from '../network/fabric.js'
import type { IncusClient } from './incus-client.js'
import { execIn, pushFile } from './exec.js'
import { instanceInfo } from './instances.js'
import type { Serial } from '../../lib/serial.js'

export const FIREWALL_FILE = '/etc/nodeplane/firewall.nft'
/** The node's public NIC (instance.ts, `publicNic`). */
const PUBLIC_NIC = 'eth1'

const DEFAULT_INGRESS: Record<DefaultIngress, string[]> = {
  open: ['accept'],
  'ssh-only': ['tcp dport 22 accept', 'drop'],
}

/**
 * The node's ruleset: new connections arriving on its public NIC pass as `rules` allow (then
 * drop), or as the install's default ingress when no firewall applies (`rules` null).
 * Filtered in prerouting, before any DNAT inside the node (Docker's published ports), so a
 * rule names the port the outside connects to, as at the podman fabric. Replies to the node's
 * own traffic and ICMP errors pass; neighbour discovery with the member's gateway too (it
 * crosses this hook here, unlike at a router); the VPC NIC and loopback are never filtered.
 * One `nft -f` transaction, so no packet sees half a ruleset.
 */
export function nodeRuleset(rules: IngressRule[] | null, defaultIngress: DefaultIngress): string {
  const verdicts = rules === null ? DEFAULT_INGRESS[defaultIngress] : rulesVerdicts(rules)
  const lines = [
    "# Written by nodeplane: this node's inbound filter (its firewalls, or the default ingress).",
    'table inet nodeplane {}',
    'delete table inet nodeplane',
    'table inet nodeplane {',
    '  chain public {',
    '    ct state established,related accept',
    '    icmpv6 type { nd-neighbor-solicit, nd-neighbor-advert, nd-router-advert } accept',
    ...[...ALWAYS, ...verdicts].map((line) => `    ${line}`),
    '  }',
    '  chain prerouting {',
    '    type filter hook prerouting priority mangle; policy accept;',
    `    iifname "${PUBLIC_NIC}" jump public`,
    '  }',
    '}',
    '',
  ]
  return lines.join('\n')
}

function rulesVerdicts(rules: IngressRule[]): string[] {
  return [...rules.flatMap(ruleStatements), 'drop']
}

/**
 * Puts `ruleset` in the node: into its file, running or stopped, and into its live nftables
 * when it runs. A node whose instance does not exist yet gets it with its boot files. A node
 * without nft (made from an image older than firewalls on incus) fails, unless `optional`
 * (the open default, which it has anyway).
 */
export async function writeFirewall(
  client: IncusClient,
  instance: string,
  ruleset: string,
  optional = false
): Promise<void> {
  const info = await instanceInfo(client, instance)
  if (!info) return
  await pushFile(client, instance, '/etc/nodeplane', '', '0755', 'directory')
  if (info.status !== 'Running') {
    await pushFile(client, instance, FIREWALL_FILE, ruleset, '0600')
    return
  }
  await pushFile(client, instance, `${FIREWALL_FILE}.next`, ruleset, '0600')
  const args = [FIREWALL_FILE, optional ? 'optional' : 'required']
  await execIn(client, instance, ['sh', '-c', LOAD, 'load', ...args])
}

/**
 * Checks `$1.next`, puts it in place of `$1`, then loads `$1`: in that order, the boot unit
 * loading the file meanwhile (a node just started) can only load the new one or be
 * overridden by it.
 */
const LOAD = `set -e
if ! command -v nft >/dev/null; then
  rm -f "$1.next"
  [ "$2" = optional ] && exit 0
  echo "no nft in this node: its image predates firewalls on incus; rebuild the node" >&2; exit 3
fi
nft -c -f "$1.next"
mv -f "$1.next" "$1"
nft -f "$1"
`

/** What the firewall sync last asked for each node, written into the node on every change. */
export interface NodeFirewalls {
  /** Remembers `rules` for the node and writes them into it now, if its instance exists. */
  set(nodeId: string, rules: IngressRule[] | null): Promise<void>
  /** Writes the node's remembered rules (or the default ingress) into its instance. */
  write(nodeId: string): Promise<void>
  /** A deleted node: its record goes. */
  forget(nodeId: string): void
}

/**
 * The filters of every node; `serial` is the driver's, whose `firewall:<id>` key it takes, so
 * a write reads what is remembered when it runs and the last change always lands last.
 */
export function nodeFirewalls(
  client: IncusClient,
  serial: Serial,
  instanceOf: (nodeId: string) => string,
  defaultIngress: () => DefaultIngress
): NodeFirewalls {
  const wanted = new Map<string, IngressRule[] | null>()
  const write = (nodeId: string) =>
    serial(`firewall:${nodeId}`, () => {
      const rules = wanted.get(nodeId) ?? null
      const ingress = defaultIngress()
      const optional = rules === null && ingress === 'open'
      return writeFirewall(client, instanceOf(nodeId), nodeRuleset(rules, ingress), optional)
    })
  return {
    async set(nodeId, rules) {
      wanted.set(nodeId, rules)
      await write(nodeId)
    },
    write,
    forget: (nodeId) => wanted.delete(nodeId),
  }
}
