import { z } from '@hono/zod-openapi'
import { LabelSelectorParam, Labels } from '../labels/labels.schema.js'
import { HostnameLabel } from '../lib/names.js'
import { NodeSshKeyIds, PasswordLogin } from './node-access.schema.js'
import { POWER_ACTIONS, POWER_STATES, USER_DATA_STATUSES } from './nodes.table.js'

/** The optional body of `POST /nodes`; the contract's own case is an empty body. */
export const CreateNodeBody = z
  .strictObject({
    name: HostnameLabel.optional().openapi({
      description: 'A host name label (RFC 1123): lower-case letters, digits and `-`, at most 63',
      example: 'web-1',
    }),
    region: z.string().min(1).optional().openapi({
      description: "Region; else the VPC's region, else the host's, else the server default",
      example: 'eu-central-1',
    }),
    vpc_id: z
      .string()
      .min(1)
      .optional()
      .openapi({ description: "VPC to join; else the region's default VPC" }),
    host_id: z
      .string()
      .min(1)
      .optional()
      .openapi({ description: 'Compute host to place the node on; else the cheapest active one' }),
    labels: Labels.optional(),
    ssh_keys: NodeSshKeyIds.optional(),
    password_login: PasswordLogin.optional(),
    user_data: z
      .string()
      .optional()
      .openapi({
        description:
          'Run once, as root, when the node is first reachable: a script starting with `#!`, or `#cloud-config` ' +
          'with `write_files`, `runcmd` and `users` only. At most 32 KiB as UTF-8. See docs/api.md, User data',
        example: '#!/bin/sh\necho hello > /root/hello.txt\n',
      }),
  })
  .openapi('CreateNode')

export const NodeStatus = z.enum(['provisioning', 'running', 'deleting'])

export const UserDataStatus = z.enum(USER_DATA_STATUSES).openapi({
  description:
    '`pending` (not started), `running`, `succeeded`, `failed` (non-zero exit, or killed at its time limit), ' +
    'or `skipped` (the driver runs no tenant code, as `simulated`)',
})

export const PowerState = z.enum(POWER_STATES).openapi({
  description:
    'Whether the machine is on: `on`, `off` (powered off: it keeps its disk, addresses and billing), `rebooting` ' +
    '(a reboot or reset under way) or `rebuilding`. `status` stays `running` throughout',
})

/** What a node bought: the size of the compute host it was placed on. */
export const NodeSize = z
  .object({
    cpu_cores: z.number().int().positive().openapi({ example: 2 }),
    memory_gb: z.number().int().positive().openapi({ example: 4 }),
    storage_gb: z.number().int().positive().openapi({ example: 80 }),
    gpu_count: z.number().int().min(0).openapi({ example: 0 }),
  })
  .openapi('NodeSize')
  .openapi({
    description:
      'What the node bought: the cores, memory (GiB), disk (GB) and GPUs of its compute host (`host_id`)',
  })

export type NodeSize = z.infer<typeof NodeSize>

/** A node as every node endpoint returns it: docs/contract.md 2.1's four fields, then docs/design.md's. */
export const Node = z
  .object({
    id: z.string().openapi({ example: 'node_3k7f2m9q4x8w1c5v6b0n' }),
    status: NodeStatus,
    ip_address: z.string().nullable().openapi({
      description: 'First attached public IPv4; null while provisioning or with none attached',
      example: '203.0.113.10',
    }),
    created_at: z.iso
      .datetime()
      .openapi({ description: 'Creation time, UTC; billing starts here' }),
    name: z.string().nullable(),
    region: z.string(),
    vpc_id: z.uuid(),
    host_id: z.uuid(),
    private_ip: z.string().openapi({ example: '10.0.0.10' }),
    stuck: z.boolean().openapi({
      description:
        'Provisioning for more than 2 minutes: treated as failed; delete it and create a new one',
    }),
    size: NodeSize.optional(),
    reachable: z.boolean().openapi({
      description:
        'True while the node can be reached: it is `running`, powered on, and the machine it runs on is up. ' +
        'False while provisioning, deleting or off, and while its machine is down (an Incus cluster member offline); ' +
        'the node keeps its disk, addresses and billing, and comes back with its machine',
    }),
    labels: Labels,
    ssh_keys: NodeSshKeyIds,
    password_login: PasswordLogin,
    reachable_at: z.iso.datetime().nullable().openapi({
      description: 'When the node first accepted SSH connections (it turned `running` then)',
    }),
    user_data_status: UserDataStatus.nullable().openapi({ description: 'Null without user data' }),
    power_state: PowerState,
  })
  .openapi('Node')

export type Node = z.infer<typeof Node>

/**
 * The optional paging and filters of `GET /nodes`. Without any, the answer is the contract's plain
 * array of every node; with `limit`, it is still a plain array, and a `Link` header with
 * `rel="next"` names the next page. Filters narrow the list either way.
 */
export const NodeListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().openapi({
    description:
      'Page size: at most this many nodes, oldest first; the `Link` header (rel="next") gives the next page',
    example: 100,
  }),
  after: z.string().min(1).optional().openapi({
    description: 'Start after this node id (the cursor in the `Link` header); with `limit`',
    example: 'node_3k7f2m9q4x8w1c5v6b0n',
  }),
  status: NodeStatus.optional().openapi({ description: 'Only nodes in this status' }),
  region: z
    .string()
    .min(1)
    .optional()
    .openapi({ description: 'Only nodes in this region', example: 'eu-central-1' }),
  vpc_id: z.string().min(1).optional().openapi({ description: 'Only nodes in this VPC' }),
  label_selector: LabelSelectorParam,
})

export type NodeListQuery = z.infer<typeof NodeListQuery>

/** The body of `PATCH /nodes/{id}`: what is given changes, in place; `{}` changes nothing. */
export const UpdateNodeBody = z
  .strictObject({
    name: HostnameLabel.nullable().optional().openapi({
      description:
        "The record's name; null removes it. The host name inside a running node stays as it is",
      example: 'web-1',
    }),
    // The new set: it replaces every label the node had.
    labels: Labels.optional(),
  })
  .openapi('UpdateNode')

export const NodeIdParam = z.object({
  id: z
    .string()
    .openapi({ param: { name: 'id', in: 'path' }, example: 'node_3k7f2m9q4x8w1c5v6b0n' }),
})

/** How to log in to a node (an extension of the contract's details view). */
export const NodeCredentials = z
  .object({
    node_id: z.string(),
    username: z.literal('root'),
    password: z.string().nullable().openapi({
      description:
        "Root's password; null while password login is off (log in with the node's SSH keys)",
      example: 'kR3vX9pQ2mL7wT4nB8yZ',
    }),
    password_login: z.boolean().openapi({
      description:
        "Whether root may log in with the password over SSH (the node's `password_login`)",
    }),
    ssh_command: z.string().nullable().openapi({
      description: '`ssh root@<ip>`, null until the node is running with a public address',
      example: 'ssh root@203.0.113.10',
    }),
  })
  .openapi('NodeCredentials')

/** The optional long-poll of `GET /nodes/{id}`: answer once the node reaches a state. */
export const NodeWaitQuery = z.object({
  wait_for: z
    .enum(['running', 'deleted', 'user_data', 'power_on', 'power_off'])
    .optional()
    .openapi({
      description:
        'Hold the request until the node is `running` (or can no longer get there: deleting, or stuck), until its ' +
        '`user_data_status` is `succeeded`, `failed` or `skipped` (`user_data`; a node without user data answers as ' +
        'for `running`), until it is deleted, which answers 404, or until its `power_state` is `on` (`power_on`) or ' +
        '`off` (`power_off`; both also answer once the node is deleting). At the timeout the node is returned as it is.',
    }),
  timeout: z.coerce.number().int().min(1).max(60).default(30).openapi({
    description: 'Seconds to wait at most, with `wait_for`',
  }),
})

/** The action of `POST /api/v1/nodes/{id}/actions/{action}`. */
export const PowerActionName = z.enum(POWER_ACTIONS)

/** The optional body of a rebuild: the node's new user data, checked as at creation. */
export const RebuildNodeBody = z
  .strictObject({
    user_data: CreateNodeBody.shape.user_data.openapi({
      description:
        "Replaces the node's user data, which runs once, as root, when the rebuilt node is first reachable: " +
        'a script starting with `#!`, or `#cloud-config` (as on create). At most 32 KiB as UTF-8. Without it ' +
        '(or without a body) the node keeps its own, which runs once more',
    }),
  })
  .openapi('RebuildNode')

/** A rebuild's answer: the node as it is then, and its new root password. */
export const RebuiltNode = Node.extend({
  root_password: z.string().openapi({
    description: 'The new root password, also in the credentials from now on',
    example: 'kR3vX9pQ2mL7wT4nB8yZ',
  }),
}).openapi('RebuiltNode')

export type RebuiltNode = z.infer<typeof RebuiltNode>
