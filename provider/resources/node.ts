/**
 * `nodeplane_node`: a compute node. Create waits until it is `running` (the contract's upper
 * bound is 2 minutes), or until its user data finished with `wait_for = "user_data"`; delete
 * waits until it is gone. Name, labels, SSH keys and password login change in place; a new
 * `user_data` rebuilds or replaces the node only when `user_data_change` says so, because user
 * data runs once, at first boot. Placement forces replacement. `power_state` switches the node
 * off or on in place.
 * @module
 */
import { diagnosticError } from '../framework/diagnostics.js'
import type { Context, Resource } from '../framework/resource.js'
import { attr, schema, type PlannedOf, type StateOf } from '../framework/schema.js'
import { timeoutFor, timeouts } from '../framework/timeouts.js'
import { isUnknown, unknown, valuesEqual } from '../framework/values.js'
import { apiClient, isNotFound, type ApiClient } from '../client/api.js'
import type { ApiNode, ApiUserData } from '../client/types.js'
import type { ProviderClient } from '../provider.js'
import { collection } from './common.js'
import { nodeArguments, nodeComputed, nodeAttributes } from './node-attributes.js'
import { nodePrices, planPlacement, pricesOf } from './node-placement.js'
import { CONFIGURABLE_POWER_STATES, setPower } from './node-power.js'
import {
  rebuildNode,
  userDataChange,
  validateUserDataChange,
  warnUserDataChange,
} from './node-user-data-change.js'
import { awaitUserData, waitUntilGone, waitUntilRunning } from './node-wait.js'
import { postNode } from './node-post.js'

const nodeSchema = schema({
  description: 'A compute node, billed per second from creation until deletion.',
  attributes: {
    id: attr.string({ computed: true, description: 'The node id, `node_…`.' }),
    ...nodeArguments,
    ...nodeComputed,
    ...nodePrices,
  },
  blocks: { timeouts: timeouts(['create', 'delete']) },
})

type NodeState = StateOf<typeof nodeSchema>
type NodePlan = PlannedOf<typeof nodeSchema>
type Ctx = Context<ProviderClient>

/** Arguments only the provider knows; the API never returns them. */
const PROVIDER_ONLY = [
  'user_data',
  'wait_for',
  'user_data_change',
  'replace_on_user_data_change',
  'timeouts',
] as const
/** What the API reports and no configuration sets. */
const COMPUTED = [...Object.keys(nodeComputed), ...Object.keys(nodePrices)] as (
  keyof typeof nodeComputed | keyof typeof nodePrices
)[]

/** A host's prices as state holds them; null when the inventory no longer has the host. */
type Prices = Pick<NodeState, keyof typeof nodePrices>
const NO_PRICES: Prices = { hourly_price: null, monthly_price: null }

/** A node as state: what the API says, with the provider's own arguments as `known` has them. */
function toState(node: ApiNode, known: Partial<NodeState>, prices: Prices | null): NodeState {
  return {
    ...nodeAttributes(node),
    hourly_price: (prices ?? NO_PRICES).hourly_price,
    monthly_price: (prices ?? NO_PRICES).monthly_price,
    labels: collection(node.labels, known.labels),
    ssh_keys: collection(node.ssh_keys, known.ssh_keys),
    password_login: node.password_login ?? known.password_login ?? true,
    user_data: known.user_data ?? null,
    wait_for: known.wait_for ?? 'ssh',
    user_data_change: known.user_data_change ?? null,
    replace_on_user_data_change: known.replace_on_user_data_change ?? false,
    timeouts: known.timeouts ?? null,
  }
}

async function create(ctx: Ctx, planned: NodePlan, config: NodeState): Promise<NodeState> {
  const waitForUserData = planned.wait_for === 'user_data' && config.user_data !== null
  const defaultTimeout = (waitForUserData ? 15 : 2) * 60_000
  const deadline = Date.now() + timeoutFor(config.timeouts, 'create', defaultTimeout)
  const api = apiClient(ctx.client)
  // The planned password login, sent even when left out: the plan promised it, whatever default
  // the server has (one older than the keys-turn-it-off default would say true).
  const passwordLogin = typeof planned.password_login === 'boolean' ? planned.password_login : null
  const created = await postNode(
    api,
    planned,
    { ...config, password_login: config.password_login ?? passwordLogin },
    ctx.signal
  )
  const running = await waitUntilRunning<ApiNode>(api, created.id, deadline, ctx.signal)
  if (!running) {
    // The contract's advice for a node stuck in provisioning: delete it and create a new one.
    await api.delete(`/nodes/${created.id}`, ctx.signal).catch(() => undefined)
    throw diagnosticError(
      'Node did not become running',
      `Node ${created.id} was still provisioning when the create timeout ran out. A node that stays in provisioning is treated as failed; it has been deleted. Apply again to create a new one.`
    )
  }
  const known = { ...config, wait_for: config.wait_for ?? 'ssh' }
  // A failed or unfinished script leaves the node in state with an error, so Terraform marks it
  // tainted and replaces it on the next apply, as it does after a failed provisioner.
  const node = waitForUserData ? await awaitUserData(ctx, api, running, deadline) : running
  const prices = await pricesOf(api, node.host_id, ctx.signal)
  if (config.power_state !== 'off') return toState(node, known, prices)
  return toState(await setPower(api, node.id, 'off', ctx.signal), known, prices)
}

/**
 * PATCH what changed of name and labels, PUT the keys when they or password login changed,
 * rebuild when `user_data` changed under `user_data_change = "rebuild"`, then switch the power
 * when `power_state` changed (last, so a node powered on has its new keys; a rebuilt node is on,
 * so one planned off is switched off again).
 */
async function update(ctx: Ctx, prior: NodeState, planned: NodeState): Promise<ApiNode | null> {
  const api = apiClient(ctx.client)
  const changed = (k: keyof NodeState) => !valuesEqual(prior[k], planned[k])
  let node: ApiNode | null = null
  if (changed('name') || changed('labels')) {
    const body: Record<string, unknown> = {}
    if (changed('name')) body.name = planned.name
    if (changed('labels')) body.labels = planned.labels ?? {}
    node = await api.patch<ApiNode>(`/nodes/${prior.id}`, body, ctx.signal)
  }
  if (changed('ssh_keys') || changed('password_login')) {
    const body = { ssh_keys: planned.ssh_keys ?? [], password_login: planned.password_login }
    node = await api.put<ApiNode>(`/api/v1/nodes/${prior.id}/ssh-keys`, body, ctx.signal)
  }
  const rebuilt = changed('user_data') && userDataChange(planned) === 'rebuild'
  if (rebuilt) node = await rebuildNode(api, prior.id!, planned.user_data, ctx.signal)
  const power = planned.power_state
  const switched = rebuilt ? power === 'off' : changed('power_state')
  if (switched && (power === 'on' || power === 'off'))
    node = await setPower(api, prior.id!, power, ctx.signal)
  return node
}

/**
 * A changed `user_data` in an in-place plan: say what will happen, and for a rebuild leave
 * unknown what it changes (the user data starts over; the node is on again after it).
 */
function planUserData(ctx: Ctx, prior: NodeState, config: NodePlan, out: NodePlan): void {
  const mode = userDataChange(config)
  if (isUnknown(mode)) {
    ctx.diagnostics.error(
      'user_data_change must be known when user_data changes',
      'Whether the node is kept, rebuilt or replaced must be decided at plan time.',
      ['user_data_change']
    )
    return
  }
  warnUserDataChange(ctx.diagnostics, prior.id!, mode)
  if (mode !== 'rebuild') return
  // reachable_at stays: it is when the node first accepted SSH, which a rebuild keeps.
  out.user_data_status = unknown
  out.power_state = config.power_state ?? 'on'
}

/**
 * `password_login` as the server will have it. Set, it is what it says. Left out, a new node
 * has it only without keys (the server's default), so a plan with unknown keys cannot know it;
 * an existing node keeps its own, unless left without keys, which needs password login.
 */
function plannedPasswordLogin(
  config: NodePlan,
  prior: NodeState | null
): NodePlan['password_login'] {
  if (config.password_login !== null) return config.password_login
  const keys = config.ssh_keys
  if (isUnknown(keys)) return unknown
  const keyless = keys === null || keys.length === 0
  if (prior === null || keyless) return keyless
  return prior.password_login
}

async function read(ctx: Ctx, id: string): Promise<ApiNode | null> {
  try {
    const node = await apiClient(ctx.client).get<ApiNode>(`/nodes/${id}`, ctx.signal)
    // A node being deleted is gone for Terraform: the next plan creates a new one.
    return node.status === 'deleting' ? null : node
  } catch (err) {
    if (isNotFound(err)) return null
    throw err
  }
}

/** The user data the node was created with, or null without; for import. */
async function userDataOf(api: ApiClient, id: string, signal: AbortSignal) {
  try {
    return (await api.get<ApiUserData>(`/api/v1/nodes/${id}/user-data`, signal)).user_data
  } catch (err) {
    if (isNotFound(err)) return null
    throw err
  }
}

export const nodeResource: Resource<typeof nodeSchema, ProviderClient> = {
  typeName: 'nodeplane_node',
  schema: nodeSchema,
  validate(ctx, config) {
    const w = config.wait_for
    if (!isUnknown(w) && w !== null && w !== 'ssh' && w !== 'user_data') {
      ctx.diagnostics.error('wait_for must be "ssh" or "user_data"', `Not "${w}".`, ['wait_for'])
    }
    const power = config.power_state
    if (!isUnknown(power) && power !== null && !CONFIGURABLE_POWER_STATES.includes(power as 'on')) {
      ctx.diagnostics.error(
        'power_state must be "on" or "off"',
        `Not "${power}": rebooting and rebuilding are states a node passes through, not ones to ask for.`,
        ['power_state']
      )
    }
    validateUserDataChange(ctx.diagnostics, config)
    const keys = config.ssh_keys
    if (
      config.password_login === false &&
      (keys === null || (Array.isArray(keys) && !keys.length))
    ) {
      ctx.diagnostics.error(
        'password_login = false needs an SSH key',
        'Without password login and without keys nobody could log in to the node; list at least one key in ssh_keys.',
        ['password_login']
      )
    }
  },
  replaceWhen(prior, proposed, config) {
    // From the configuration: the old switch, left out, still holds its prior value in proposed.
    if (userDataChange(config) !== 'replace') return []
    return valuesEqual(prior.user_data, proposed.user_data) ? [] : [['user_data']]
  },
  async modifyPlan(ctx, { prior, config, planned, replace }) {
    // Defaults of optional arguments the API or the provider fills, as plan-time values.
    const out: NodePlan = {
      ...planned,
      password_login: plannedPasswordLogin(config, replace ? null : prior),
      wait_for: config.wait_for ?? 'ssh',
      replace_on_user_data_change: config.replace_on_user_data_change ?? false,
    }
    // A replacement is planned twice; its host is chosen in the second plan, the create.
    if (prior !== null && replace) return out
    if (prior === null) {
      const placement = await planPlacement(ctx, config, replace)
      if (!placement) return out
      // A configured region is the plan's as written (a host elsewhere is the API's 400).
      const region = config.region === null ? placement.region : out.region
      return { ...out, ...placement, region }
    }
    // An update in place keeps what the API reports as it was: nothing here changes it, and a
    // value that moved on its own (user data finishing) shows at the next refresh.
    for (const k of COMPUTED) (out as Record<string, unknown>)[k] = prior[k]
    // Left out, power_state follows the node: what it is now is no change to make.
    out.power_state = config.power_state ?? prior.power_state
    if (!valuesEqual(prior.user_data, config.user_data)) planUserData(ctx, prior, config, out)
    return out
  },
  create,
  async read(ctx, state) {
    const node = await read(ctx, state.id!)
    if (!node) return null
    const prices = await pricesOf(apiClient(ctx.client), node.host_id, ctx.signal)
    // A host gone from the inventory keeps the prices last read.
    return toState(node, state, prices ?? state)
  },
  async update(ctx, prior, plan, config) {
    // Apply re-plans with every value known, and modifyPlan left no computed value unknown.
    const planned = plan as NodeState
    const node = await update(ctx, prior, planned)
    // Only the provider's own arguments changed: the plan is the new state.
    if (!node) return { ...planned, timeouts: config.timeouts }
    // The plan kept the computed values of the prior state (see modifyPlan), except those a
    // rebuild changes, which it left unknown; so does the result.
    const state = toState(node, { ...planned, timeouts: config.timeouts }, prior)
    for (const k of COMPUTED)
      if (!isUnknown(plan[k])) (state as Record<string, unknown>)[k] = prior[k]
    for (const k of PROVIDER_ONLY) (state as Record<string, unknown>)[k] = planned[k]
    // The plan's value, which the power change (or no change) made true.
    state.power_state = planned.power_state
    return state
  },
  async delete(ctx, state) {
    const api = apiClient(ctx.client)
    const deadline = Date.now() + timeoutFor(state.timeouts, 'delete', 5 * 60_000)
    try {
      await api.delete(`/nodes/${state.id}`, ctx.signal)
    } catch (err) {
      if (!isNotFound(err)) throw err
    }
    await waitUntilGone(api, state.id!, deadline, ctx.signal)
  },
  async importState(ctx, id) {
    // Read fills everything the node record has; user data has its own endpoint.
    const userData = await userDataOf(apiClient(ctx.client), id, ctx.signal)
    return { id, user_data: userData, timeouts: null }
  },
}
