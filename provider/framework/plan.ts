/**
 * The framework's plan rules for PlanResourceChange: which attributes force replacement and
 * which computed attributes become "known after apply".
 * @module
 */
import type { AttributePath } from './diagnostics.js'
import { blockType, type Block, type Nesting } from './schema.js'
import {
  isRecord,
  isUnknown,
  unknown,
  valuesEqual,
  type Value,
  type ValueRecord,
} from './values.js'

/** The framework's plan before the resource's own `modifyPlan`. */
export interface PlannedChange {
  planned: Value
  requiresReplace: AttributePath[]
}

/**
 * Plan a change. `proposed` is Terraform's merge of config and prior state (prior values kept
 * for computed attributes the config leaves unset); a null proposal means destroy. `replaceWhen`
 * adds paths that force replacement in this plan only (a resource's `replaceWhen`).
 */
export function planChange(
  block: Block,
  prior: Value,
  proposed: Value,
  config: Value,
  replaceWhen?: (prior: Value, proposed: Value, config: Value) => AttributePath[]
): PlannedChange {
  if (proposed === null) return { planned: null, requiresReplace: [] }
  const requiresReplace =
    prior === null
      ? []
      : [...replacePaths(block, prior, proposed), ...(replaceWhen?.(prior, proposed, config) ?? [])]
  if (prior === null || requiresReplace.length > 0) {
    return { planned: markComputedUnknown(block, proposed, config, 'all'), requiresReplace }
  }
  // In-place update: computed values that Terraform copied from the prior state stay, so an
  // unrelated change shows no noise. Only those without a value yet (e.g. in a block element the
  // update adds) become unknown, or the resource could not fill them without an
  // "inconsistent result after apply". No change at all plans exactly the prior state.
  if (valuesEqual(prior, proposed, blockType(block))) return { planned: proposed, requiresReplace }
  return { planned: markComputedUnknown(block, proposed, config, 'null'), requiresReplace }
}

/** Top-level attributes marked `requiresReplace` whose planned value differs from the prior. */
export function replacePaths(block: Block, prior: Value, proposed: Value): AttributePath[] {
  if (!isRecord(prior) || !isRecord(proposed)) return []
  return Object.entries(block.attributes)
    .filter(([, a]) => a.options.requiresReplace)
    .filter(([name, a]) => !valuesEqual(prior[name] ?? null, proposed[name] ?? null, a.type))
    .map(([name]) => [name])
}

/** Which computed attributes {@link markComputedUnknown} resets: all of them, or only null ones. */
export type MarkMode = 'all' | 'null'

/** Set computed attributes that the configuration leaves null to unknown, recursively. */
export function markComputedUnknown(
  block: Block,
  value: Value,
  config: Value,
  mode: MarkMode
): Value {
  if (!isRecord(value)) return value
  const cfg = isRecord(config) ? config : {}
  const out: ValueRecord = { ...value }
  for (const [name, a] of Object.entries(block.attributes)) {
    const configured = cfg[name] ?? null
    const current = out[name] ?? null
    if (a.options.computed && configured === null && (mode === 'all' || current === null)) {
      out[name] = unknown
    } else if (a.nested) {
      const inner: Block = { attributes: a.nested.attributes, blocks: {} }
      out[name] = eachElement(a.nested.nesting, current, configured, inner, mode)
    }
  }
  for (const [name, nb] of Object.entries(block.blocks)) {
    out[name] = eachElement(nb.nesting, out[name] ?? null, cfg[name] ?? null, nb.block, mode)
  }
  return out
}

// Nested blocks and nested attributes: apply the rule to each element against its config
// element (by index for lists and sets, by key for maps).
function eachElement(
  nesting: Nesting,
  value: Value,
  config: Value,
  block: Block,
  mode: MarkMode
): Value {
  if (value === null || isUnknown(value)) return value
  const mark = (v: Value, c: Value) => markComputedUnknown(block, v, c, mode)
  if (nesting === 'single' || nesting === 'group') return mark(value, config)
  if (Array.isArray(value)) {
    const cfg = Array.isArray(config) ? config : []
    return value.map((v, i) => mark(v, cfg[i] ?? null))
  }
  if (!isRecord(value)) return value
  const cfg = isRecord(config) ? config : {}
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mark(v, cfg[k] ?? null)]))
}
