/**
 * What resource, data source and provider authors implement. Everything protocol-level (wire
 * encoding, plan rules, diagnostics conversion) lives in `protocol/`, as in hfern/tf's iface.py.
 * @module
 */
import type { AttributePath, Diagnostics } from './diagnostics.js'
import type { PlannedOf, Schema, StateOf } from './schema.js'

/** Passed to every call: the configured client, a place for warnings, and cancellation. */
export interface Context<C> {
  /** What the provider's `configure` returned. */
  client: C
  /** Add warnings (or errors) here; throw to fail the operation. */
  diagnostics: Diagnostics
  /** Aborted when Terraform asks the provider to stop (StopProvider, Ctrl-C). */
  signal: AbortSignal
}

/** The inputs of plan customization. */
export interface PlanRequest<S extends Schema> {
  /** Current state, or null when the resource is being created. */
  prior: StateOf<S> | null
  /** The configuration as written (unknown where it depends on other resources). */
  config: PlannedOf<S>
  /** The framework's plan: computed attributes already unknown where they will change. */
  planned: PlannedOf<S>
  /**
   * Whether the resource will be recreated. Terraform plans a replacement twice: first the
   * change (`prior` set, a requires-replace attribute changed), then the new object as a
   * create (`prior` null, `replace` still true); its planned state is the second one's.
   */
  replace: boolean
}

/** A managed resource type (`nodeplane_node`). Throwing from any method yields diagnostics. */
export interface Resource<S extends Schema = Schema, C = unknown> {
  /** Full type name, e.g. `nodeplane_node`. */
  readonly typeName: string
  readonly schema: S
  /** Extra configuration checks; config values may be unknown. */
  validate?(ctx: Omit<Context<C>, 'client'>, config: PlannedOf<S>): void | Promise<void>
  /**
   * Attributes whose change forces replacement in this plan only, where a static
   * `requiresReplace` is too blunt (a switch in the configuration decides). Called for updates.
   * `config` is the configuration as written: an optional computed switch left out of it still
   * holds its prior value in `proposed`.
   */
  replaceWhen?(prior: StateOf<S>, proposed: PlannedOf<S>, config: PlannedOf<S>): AttributePath[]
  /** Adjust the plan: return a new planned value, or nothing to keep the framework's. */
  modifyPlan?(
    ctx: Context<C>,
    req: PlanRequest<S>
  ): PlannedOf<S> | void | Promise<PlannedOf<S> | void>
  /** Create the resource and return its full state (no unknowns left). */
  create(ctx: Context<C>, planned: PlannedOf<S>, config: StateOf<S>): Promise<StateOf<S>>
  /** Refresh state; return null when the object is gone so Terraform drops it from state. */
  read(ctx: Context<C>, state: StateOf<S>): Promise<StateOf<S> | null>
  /** Apply an in-place update and return the new full state. */
  update(
    ctx: Context<C>,
    prior: StateOf<S>,
    planned: PlannedOf<S>,
    config: StateOf<S>
  ): Promise<StateOf<S>>
  /** Delete the resource; an already-gone object counts as success. */
  delete(ctx: Context<C>, state: StateOf<S>): Promise<void>
  /** `tofu import ADDR ID`: the partial state from which `read` can fill the rest. */
  importState?(ctx: Context<C>, id: string): Promise<Partial<StateOf<S>>>
  /** Rewrite raw JSON state written by an older schema version to the current shape. */
  upgradeState?(fromVersion: number, raw: Record<string, unknown>): Record<string, unknown>
}

/** A data source type (`data.nodeplane_compute_hosts`). */
export interface DataSource<S extends Schema = Schema, C = unknown> {
  readonly typeName: string
  readonly schema: S
  validate?(ctx: Omit<Context<C>, 'client'>, config: PlannedOf<S>): void | Promise<void>
  /** Read the data for a fully known configuration and return the full value. */
  read(ctx: Context<C>, config: StateOf<S>): Promise<StateOf<S>>
}

/** A provider: its own configuration schema, `configure`, and its types. */
export interface ProviderDefinition<S extends Schema = Schema, C = unknown> {
  /** Provider type name, e.g. `nodeplane`; resource type names start with it. */
  readonly typeName: string
  readonly schema: S
  /** Turn the provider block into the client passed to resources; config may hold unknowns. */
  configure(ctx: Omit<Context<C>, 'client'>, config: PlannedOf<S>): C | Promise<C>
  readonly resources: readonly Resource<any, C>[]
  readonly dataSources: readonly DataSource<any, C>[]
}
