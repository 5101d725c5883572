/**
 * `nodeplane_firewall`: rules for incoming traffic and the nodes they apply to, by id or by
 * label selector. Everything changes in place (`PATCH` replaces each changed field whole).
 * @module
 */
import { DiagnosticError, problemDiagnostics } from '../framework/diagnostics.js'
import type { Context, Resource } from '../framework/resource.js'
import { attr, block, schema, t, type StateOf } from '../framework/schema.js'
import { timeoutFor, timeouts } from '../framework/timeouts.js'
import { isUnknown, unknown, valuesEqual } from '../framework/values.js'
import { ApiError, apiClient, isNotFound } from '../client/api.js'
import type { ApiFirewall, ApiFirewallApplyTo } from '../client/types.js'
import type { ProviderClient } from '../provider.js'
import { collection, labelsArgument } from './common.js'
import { firewallAttributes } from './firewall-attributes.js'
import { deleteFirewall } from './firewall-delete.js'
import { sourceIpAsWritten } from './firewall-rules.js'
import { validateFirewall } from './firewall-validate.js'

const rule = block('list', {
  description: 'A rule for incoming traffic; what any rule allows gets in. At most 50.',
  maxItems: 50,
  attributes: {
    direction: attr.string({
      optional: true,
      description: '`in`, the only direction for now (the default).',
    }),
    protocol: attr.string({
      required: true,
      description: '`tcp`, `udp` or `icmp` (which covers ICMPv6 for IPv6 sources).',
    }),
    port: attr.string({
      optional: true,
      description:
        'Required for `tcp` and `udp`: a port `"80"` or a range `"8000-8100"`, 1 to 65535, decimal without leading zeros. Left out for `icmp`.',
    }),
    source_ips: attr.list(t.string, {
      required: true,
      description:
        '1 to 100 IPv4 or IPv6 addresses or CIDR ranges (`["0.0.0.0/0", "::/0"]` for everyone), none twice. ' +
        'An address alone means that address; a range with host bits set (`10.0.0.1/8`) is refused.',
    }),
    description: attr.string({ optional: true, description: 'Up to 255 printable characters.' }),
  },
})

const applyTo = block('list', {
  description:
    'The nodes the firewall applies to (at most 100 entries, their `label_selector`s at most 16,384 bytes together; at most 5 firewalls per node): each block sets one of `node_id` or `label_selector`.',
  maxItems: 100,
  attributes: {
    node_id: attr.string({ optional: true, description: 'A node, `nodeplane_node.<name>.id`.' }),
    label_selector: attr.string({
      optional: true,
      description:
        'Every node whose labels match, now and later (`env=prod,tier in (web,api)`); not empty.',
    }),
  },
})

const firewallSchema = schema({
  description:
    'A firewall: once one applies to a node, only what a rule of its firewalls allows gets in. ' +
    'The API refuses to delete a firewall while it applies to nodes. When nodes it selects are destroyed in the same apply ' +
    'without a reference between them, the delete waits until they are gone (nodes still running 20 seconds later fail it, naming them). ' +
    'Give such nodes `depends_on = [nodeplane_firewall.<name>]`: Terraform then creates the firewall before the nodes boot and deletes the nodes first.',
  attributes: {
    id: attr.string({ computed: true, description: 'The firewall id, `fw_…`.' }),
    name: attr.string({
      required: true,
      description: 'Name, unique on the account. Changed in place.',
    }),
    labels: labelsArgument('firewall'),
    applied_to_nodes: attr.list(t.string, {
      computed: true,
      description: 'Ids of the nodes it applies to now, oldest first.',
    }),
  },
  blocks: { rule, apply_to: applyTo, timeouts: timeouts(['delete']) },
})

type FirewallState = StateOf<typeof firewallSchema>
type Ctx = Context<ProviderClient>

/** The API record as state; `known` keeps the written forms of what the API normalizes. */
function toState(fw: ApiFirewall, known: Partial<FirewallState>): FirewallState {
  const read = firewallAttributes(fw)
  return {
    ...read,
    labels: collection(fw.labels, known.labels),
    rule: read.rule.map((r, i) => {
      const written = known.rule?.[i]
      return {
        ...r,
        // `in` is the only direction: left out reads as left out.
        direction: written?.direction ?? null,
        source_ips: r.source_ips.map((ip, j) => sourceIpAsWritten(ip, written?.source_ips[j])),
      }
    }),
    timeouts: known.timeouts ?? null,
  }
}

const rulesBody = (rules: FirewallState['rule']) =>
  rules.map((r) => ({
    direction: r.direction ?? 'in',
    protocol: r.protocol,
    port: r.port,
    source_ips: r.source_ips,
    description: r.description,
  }))

const applyToBody = (entries: FirewallState['apply_to']): ApiFirewallApplyTo[] =>
  entries.map((a) =>
    a.node_id !== null
      ? { type: 'node', node_id: a.node_id }
      : { type: 'label_selector', selector: a.label_selector ?? '' }
  )

/** The API names fields by its own keys; point its per-field errors at this schema's blocks. */
function withSchemaPaths(err: unknown): unknown {
  if (!(err instanceof ApiError) || !err.errors?.length) return err
  const errors = err.errors.map((e) => ({
    ...e,
    field: e.field
      .replace(/^rules\./, 'rule.')
      .replace(/^(apply_to\.\d+)\.selector/, '$1.label_selector'),
  }))
  return new DiagnosticError(
    problemDiagnostics({ ...err, title: err.title, status: err.status, errors })
  )
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (err) {
    throw withSchemaPaths(err)
  }
}

async function read(ctx: Ctx, state: FirewallState): Promise<FirewallState | null> {
  try {
    const path = `/api/v1/firewalls/${state.id}`
    return toState(await apiClient(ctx.client).get<ApiFirewall>(path, ctx.signal), state)
  } catch (err) {
    if (isNotFound(err)) return null
    throw err
  }
}

export const firewallResource: Resource<typeof firewallSchema, ProviderClient> = {
  typeName: 'nodeplane_firewall',
  schema: firewallSchema,
  validate: validateFirewall,
  modifyPlan(_ctx, { prior, config, planned }) {
    // Which nodes it applies to changes with apply_to; rules and names leave it as it is.
    if (prior === null || valuesEqual(prior.apply_to, config.apply_to)) return
    return { ...planned, applied_to_nodes: unknown }
  },
  async create(ctx, _planned, config) {
    const body: Record<string, unknown> = {
      name: config.name,
      rules: rulesBody(config.rule),
      apply_to: applyToBody(config.apply_to),
    }
    if (config.labels !== null) body.labels = config.labels
    const api = apiClient(ctx.client)
    return toState(
      await call(() => api.post<ApiFirewall>('/api/v1/firewalls', body, ctx.signal)),
      config
    )
  },
  read,
  async update(ctx, prior, planned, config) {
    const body: Record<string, unknown> = {}
    if (prior.name !== config.name) body.name = config.name
    if (!valuesEqual(prior.labels, config.labels)) body.labels = config.labels ?? {}
    if (!valuesEqual(prior.rule, config.rule)) body.rules = rulesBody(config.rule)
    if (!valuesEqual(prior.apply_to, config.apply_to)) body.apply_to = applyToBody(config.apply_to)
    if (Object.keys(body).length === 0) return { ...prior, timeouts: config.timeouts }
    const api = apiClient(ctx.client)
    const path = `/api/v1/firewalls/${prior.id}`
    const state = toState(await call(() => api.patch<ApiFirewall>(path, body, ctx.signal)), config)
    // A node labelled since the refresh must not contradict a plan that kept the list.
    if (!isUnknown(planned.applied_to_nodes))
      state.applied_to_nodes = planned.applied_to_nodes as string[]
    return state
  },
  async delete(ctx, state) {
    const deadline = Date.now() + timeoutFor(state.timeouts, 'delete', 5 * 60_000)
    await deleteFirewall(
      apiClient(ctx.client),
      { id: state.id!, name: state.name },
      deadline,
      ctx.signal
    )
  },
  async importState(_ctx, id) {
    return { id }
  },
}
