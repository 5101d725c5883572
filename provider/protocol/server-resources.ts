/**
 * Managed resource RPCs: UpgradeResourceState, ReadResource, PlanResourceChange,
 * ApplyResourceChange and ImportResourceState.
 * @module
 */
import { diagnosticError, type Diagnostics } from '../framework/diagnostics.js'
import { planChange } from '../framework/plan.js'
import type { Resource } from '../framework/resource.js'
import { blockType } from '../framework/schema.js'
import { isRecord, isWhollyKnown, type Value } from '../framework/values.js'
import { attributePathMessage } from './convert.js'
import { decodeDynamicValue, decodeJson, encodeDynamicValue } from './dynamic-value.js'
import type {
  ApplyRequest,
  ImportRequest,
  PlanRequest,
  ReadRequest,
  UpgradeRequest,
} from './proto.js'
import { lookup } from './server-provider.js'
import { contextFor, unary, type Runtime } from './server.js'

/** The resource RPC group. */
export function resourceRpcs(rt: Runtime) {
  const resource = (typeName: string) => lookup(rt.resources, typeName, 'resource')

  return {
    UpgradeResourceState: unary((req: UpgradeRequest) => {
      const r = resource(req.typeName)
      if (!req.rawState?.json?.length) {
        throw diagnosticError(
          'Unsupported state format',
          'Only JSON state is supported (no flatmap).'
        )
      }
      let raw = JSON.parse(req.rawState.json.toString('utf8')) as Record<string, unknown>
      if (req.version > r.schema.version) {
        throw diagnosticError(
          'State is newer than the provider',
          `State schema version ${req.version} > ${r.schema.version}; upgrade the provider.`
        )
      }
      if (req.version < r.schema.version && r.upgradeState) raw = r.upgradeState(req.version, raw)
      const type = blockType(r.schema)
      return { upgradedState: encodeDynamicValue(decodeJson(JSON.stringify(raw), type), type) }
    }),

    ReadResource: unary(async (req: ReadRequest, diags) => {
      const r = resource(req.typeName)
      const type = blockType(r.schema)
      const state = decodeDynamicValue(req.currentState, type)
      // A null new_state tells Terraform the object is gone, so it plans to create it again.
      // On failure we hand back the current state: a missing one would also read as "gone".
      const fresh = await keepOnError(diags, state, async () => {
        const read =
          state === null ? null : ((await r.read(contextFor(rt, diags), state as never)) as Value)
        assertKnown(read, req.typeName, 'read')
        return read
      })
      return { newState: encodeDynamicValue(fresh, type), private: req.private }
    }),

    PlanResourceChange: unary(async (req: PlanRequest, diags) => {
      const r = resource(req.typeName)
      const type = blockType(r.schema)
      const prior = decodeDynamicValue(req.priorState, type)
      const proposed = decodeDynamicValue(req.proposedNewState, type)
      const config = decodeDynamicValue(req.config, type)
      const replaceWhen = r.replaceWhen?.bind(r) as
        ((p: Value, q: Value, c: Value) => never) | undefined
      let { planned, requiresReplace } = planChange(r.schema, prior, proposed, config, replaceWhen)
      const replacing = prior !== null && requiresReplace.length > 0
      const replacementCreate = prior === null && isReplacingMark(req.priorPrivate)
      if (planned !== null && r.modifyPlan) {
        const replace = replacing || replacementCreate
        const input = { prior, config, planned, replace } as never
        planned =
          ((await r.modifyPlan(contextFor(rt, diags), input)) as Value | undefined) ?? planned
      }
      return {
        plannedState: encodeDynamicValue(planned, type),
        requiresReplace: requiresReplace.map(attributePathMessage),
        // Terraform hands the first plan's private data to the create that follows it.
        plannedPrivate: replacing
          ? REPLACING
          : replacementCreate
            ? Buffer.alloc(0)
            : req.priorPrivate,
      }
    }),

    ApplyResourceChange: unary(async (req: ApplyRequest, diags) => {
      const r = resource(req.typeName)
      const type = blockType(r.schema)
      const prior = decodeDynamicValue(req.priorState, type)
      const planned = decodeDynamicValue(req.plannedState, type)
      const config = decodeDynamicValue(req.config, type)
      // A failed update or delete leaves the object as it was, so Terraform must keep tracking
      // it: the prior state (null for a failed create) is the honest answer.
      const newState = await keepOnError(diags, prior, async () => {
        const applied = await apply(rt, r, diags, prior, planned, config)
        assertKnown(applied, req.typeName, 'apply')
        return applied
      })
      return { newState: encodeDynamicValue(newState, type), private: req.plannedPrivate }
    }),

    ImportResourceState: unary(async (req: ImportRequest, diags) => {
      const r = resource(req.typeName)
      if (!r.importState) {
        throw diagnosticError(
          'Resource import not supported',
          `${req.typeName} cannot be imported.`
        )
      }
      const partial = (await r.importState(contextFor(rt, diags), req.id)) as Value
      if (!isRecord(partial)) throw diagnosticError('Import returned no state', req.typeName)
      // Attributes the import does not know stay null; Terraform calls ReadResource next.
      const state = decodeJson(JSON.stringify(partial), blockType(r.schema))
      const imported = {
        typeName: req.typeName,
        state: encodeDynamicValue(state, blockType(r.schema)),
      }
      return { importedResources: [imported] }
    }),
  }
}

/** The private data of a replacement's first plan, which its create plan gets as prior. */
const REPLACING = Buffer.from('{"nodeplane":"replacing"}')
const isReplacingMark = (data: Buffer | undefined) => data?.equals(REPLACING) ?? false

// planned null → delete; prior null → create; otherwise update in place.
async function apply(
  rt: Runtime,
  r: Resource<any, any>,
  diags: Diagnostics,
  prior: Value,
  planned: Value,
  config: Value
): Promise<Value> {
  const ctx = contextFor(rt, diags)
  if (planned === null) {
    await r.delete(ctx, prior as never)
    return null
  }
  if (prior === null) return (await r.create(ctx, planned as never, config as never)) as Value
  return (await r.update(ctx, prior as never, planned as never, config as never)) as Value
}

async function keepOnError(diags: Diagnostics, fallback: Value, op: () => Promise<Value>) {
  try {
    return await op()
  } catch (err) {
    diags.add(err)
    return fallback
  }
}

function assertKnown(state: Value, typeName: string, op: string): void {
  if (!isWhollyKnown(state)) {
    throw diagnosticError(
      'Provider returned unknown values',
      `${typeName} ${op} left attributes unknown; every attribute must be known after ${op}.`
    )
  }
}
