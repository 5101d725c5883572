/**
 * `nodeplane_public_ip`: a public address attached to a node, IPv4 or IPv6, allocated from
 * the pools or a specific one. Every argument forces replacement.
 * @module
 */
import { diagnosticError } from '../framework/diagnostics.js'
import type { Resource } from '../framework/resource.js'
import { attr, schema, type StateOf } from '../framework/schema.js'
import { isUnknown } from '../framework/values.js'
import { apiClient, isMethodNotAllowed, isNotFound } from '../client/api.js'
import type { ApiAttachment, ApiAttachmentEntry } from '../client/types.js'
import type { ProviderClient } from '../provider.js'

const publicIpSchema = schema({
  description: 'A public IP address attached to a running node.',
  attributes: {
    id: attr.string({ computed: true, description: '`<node_id>/<address>`.' }),
    node_id: attr.string({
      required: true,
      requiresReplace: true,
      description: 'The node to attach to.',
    }),
    version: attr.number({
      optional: true,
      requiresReplace: true,
      description: '4 (default) or 6.',
    }),
    address: attr.string({
      optional: true,
      computed: true,
      requiresReplace: true,
      description: 'A specific address from the pools; else one is allocated.',
    }),
    ip: attr.string({
      computed: true,
      description: 'The address with its prefix, `<address>/<prefix>`.',
    }),
    ip_version: attr.number({ computed: true, description: '4 or 6.' }),
  },
})

type PublicIpState = StateOf<typeof publicIpSchema>

type Attachment = Pick<ApiAttachment, 'ip' | 'ipVersion' | 'nodeId'>

function toState(a: Attachment, version: number | null): PublicIpState {
  const address = a.ip.split('/')[0]!
  return {
    id: `${a.nodeId}/${address}`,
    node_id: a.nodeId,
    version,
    address,
    ip: a.ip,
    ip_version: a.ipVersion,
  }
}

export const publicIpResource: Resource<typeof publicIpSchema, ProviderClient> = {
  typeName: 'nodeplane_public_ip',
  schema: publicIpSchema,
  validate(ctx, config) {
    if (
      !isUnknown(config.version) &&
      config.version !== null &&
      config.version !== 4 &&
      config.version !== 6
    ) {
      ctx.diagnostics.error('version must be 4 or 6', undefined, ['version'])
    }
  },
  async create(ctx, _planned, config) {
    if (
      config.address &&
      config.version &&
      config.address.includes(':') !== (config.version === 6)
    ) {
      throw diagnosticError(
        'address does not match version',
        `${config.address} is not an IPv${config.version} address.`,
        ['address']
      )
    }
    const ip = config.address ?? (config.version === 6 ? 'auto-ipv6' : 'auto')
    const attached = await apiClient(ctx.client).post<ApiAttachment>(
      `/api/v1/nodes/${config.node_id}/network/ip`,
      { ip },
      ctx.signal
    )
    return toState(attached, config.version)
  },
  async read(ctx, state) {
    const api = apiClient(ctx.client)
    try {
      // An address detached outside Terraform is missing here, so the plan attaches it again.
      const attached = await api.get<ApiAttachmentEntry[]>(
        `/api/v1/nodes/${state.node_id}/network/ip`,
        ctx.signal
      )
      const mine = attached.find((entry) => entry.ip.split('/')[0] === state.address)
      return mine ? toState(mine, state.version) : null
    } catch (err) {
      if (isNotFound(err)) return null
      if (!isMethodNotAllowed(err)) throw err
    }
    // A server older than the list: drift is seen only when the node itself is gone.
    try {
      await api.get(`/nodes/${state.node_id}`, ctx.signal)
      return state
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  },
  async update(_ctx, prior) {
    return prior
  },
  async delete(ctx, state) {
    const query = new URLSearchParams({ ip: state.address ?? '' })
    try {
      await apiClient(ctx.client).delete(
        `/api/v1/nodes/${state.node_id}/network/ip?${query}`,
        ctx.signal
      )
    } catch (err) {
      if (!isNotFound(err)) throw err
    }
  },
  async importState(_ctx, id) {
    const slash = id.indexOf('/')
    if (slash < 0)
      throw diagnosticError(
        'Invalid import id',
        'Use <node_id>/<address>, e.g. node_abc/203.0.113.7.'
      )
    const nodeId = id.slice(0, slash)
    const address = id.slice(slash + 1)
    const v6 = address.includes(':')
    return toState({ nodeId, ip: `${address}/${v6 ? 64 : 32}`, ipVersion: v6 ? 6 : 4 }, null)
  },
}
