/**
 * The node family's attributes and its one API-to-state mapper, shared by `nodeplane_node`,
 * `data.nodeplane_node` and `data.nodeplane_nodes` (hcloud's `populateResourceData`).
 * @module
 */
import { attr, attribute, t } from '../framework/schema.js'
import type { ApiNode } from '../client/types.js'
import { labelsArgument } from './common.js'

const placement = (description: string) =>
  attr.string({ optional: true, computed: true, requiresReplace: true, description })

const USER_DATA_STATUS =
  'What the user data did: `pending`, `running`, `succeeded`, `failed` (non-zero exit, or killed at its time limit) ' +
  'or `skipped` (the driver does not run it; the `simulated` driver never does); null without user data.'

/** The arguments of `nodeplane_node`. */
export const nodeArguments = {
  name: attr.string({
    optional: true,
    description:
      'A name for people: a host name label (lower-case letters, digits and `-`, at most 63). Changed in place; the host name inside a running node stays.',
  }),
  region: placement("Region; else the VPC's, else the host's, else the server default."),
  vpc_id: placement("VPC to join; else the region's default VPC."),
  host_id: placement('Compute host to run on; else the cheapest active host of the region.'),
  labels: labelsArgument('node'),
  ssh_keys: attr.list(t.string, {
    optional: true,
    description:
      "Ids of `nodeplane_ssh_key`s (at most 50) whose public keys are root's `authorized_keys`, in this order. " +
      'Changed in place: a running node gets the new keys live, the node id stays.',
  }),
  password_login: attr.bool({
    optional: true,
    computed: true,
    description:
      "Whether root may log in with the node's password over SSH; `false` needs at least one key in `ssh_keys`. Changed in place. " +
      'Left out, a new node has it only without `ssh_keys` (`false` with keys, `true` without), and an existing node keeps what it has unless its keys are emptied.',
  }),
  user_data: attr.string({
    optional: true,
    sensitive: true,
    description:
      'A script run once at first boot: a shell script starting with `#!`, or `#cloud-config` YAML with `write_files`, `runcmd` and `users`; ' +
      'at most 32 KiB. It runs at first boot only, so by default a change is recorded in the state only (with a warning); see `user_data_change`.',
  }),
  user_data_change: attr.string({
    optional: true,
    description:
      'What a change of `user_data` does to the node: `ignore` (default) records it in the state only, with a warning; ' +
      '`rebuild` rebuilds the node in place: its disk is wiped and reinstalled from the node image and the new user data runs at its first boot, ' +
      'while its id, name, labels, addresses, SSH keys and VPC stay and its root password changes (apply waits until the node is on again); ' +
      '`replace` destroys the node and creates a new one. The plan says which will happen.',
  }),
  replace_on_user_data_change: attr.bool({
    optional: true,
    computed: true,
    deprecated: true,
    description:
      'Deprecated: use `user_data_change`. `true` means `user_data_change = "replace"`, `false` (default) means `"ignore"`; setting it gives a deprecation warning.',
  }),
  power_state: attr.string({
    optional: true,
    computed: true,
    description:
      '`on` or `off`: whether the node is switched on. Changed in place (`poweroff` pulls the plug, `poweron` starts it; apply waits until the node is there). ' +
      'A node that is off keeps its disk, addresses and billing. Left out, the provider follows what the node is (`rebooting` and `rebuilding` show while an action is under way).',
  }),
  wait_for: attr.string({
    optional: true,
    computed: true,
    description:
      'What create waits for: `ssh` (default), until the node accepts SSH connections (it is `running`); or `user_data`, until its user data finished too. ' +
      'User data that fails (or is unfinished at the create timeout, default 15 minutes then) fails the apply and leaves the node tainted.',
  }),
}

/** What a node bought: its host's size. */
const sizeType = t.object({
  cpu_cores: t.number,
  memory_gb: t.number,
  storage_gb: t.number,
  gpu_count: t.number,
})

const SIZE =
  "What the node bought, its compute host's size: `cpu_cores`, `memory_gb`, `storage_gb` and `gpu_count`. " +
  'Known at plan time for a new node whose host the plan knows; null from a server without sizes.'

/** What the API reports about a node and no configuration sets. */
export const nodeComputed = {
  size: attribute(sizeType, { computed: true, description: SIZE }),
  status: attr.string({ computed: true, description: '`provisioning`, `running` or `deleting`.' }),
  ip_address: attr.string({ computed: true, description: 'First public IPv4, once running.' }),
  private_ip: attr.string({ computed: true, description: 'Address in the VPC.' }),
  created_at: attr.string({
    computed: true,
    description: 'Creation time (UTC); billing starts here.',
  }),
  reachable_at: attr.string({
    computed: true,
    description: 'When the node first accepted SSH connections (it turned `running` then).',
  }),
  user_data_status: attr.string({ computed: true, description: USER_DATA_STATUS }),
}

/** A node as a data source lists it: one object per node. */
export const nodeObject = t.object({
  id: t.string,
  name: t.string,
  region: t.string,
  vpc_id: t.string,
  host_id: t.string,
  status: t.string,
  ip_address: t.string,
  private_ip: t.string,
  created_at: t.string,
  labels: t.map(t.string),
  ssh_keys: t.list(t.string),
  password_login: t.bool,
  reachable_at: t.string,
  user_data_status: t.string,
  power_state: t.string,
  size: sizeType,
})

/** Every attribute a node record has, as data sources show it (`{}` and `[]` when none). */
export const nodeAttributes = (node: ApiNode) => ({
  id: node.id,
  name: node.name,
  region: node.region,
  vpc_id: node.vpc_id,
  host_id: node.host_id,
  status: node.status,
  ip_address: node.ip_address,
  private_ip: node.private_ip,
  created_at: node.created_at,
  labels: node.labels ?? {},
  ssh_keys: node.ssh_keys ?? [],
  password_login: node.password_login ?? true,
  reachable_at: node.reachable_at ?? null,
  user_data_status: node.user_data_status ?? null,
  // A server older than power actions has no power_state.
  power_state: (node.power_state as string | undefined) ?? null,
  // Nor one older than sizes a size.
  size: node.size ?? null,
})
