/**
 * Framework → tfplugin6 messages: schemas (GetProviderSchema) and diagnostics (every RPC).
 * @module
 */
import type { AttributePath, Diagnostic } from '../framework/diagnostics.js'
import type { Attribute, Block, Schema } from '../framework/schema.js'
import type { AttributePathMessage, DiagnosticMessage, SchemaMessage } from './proto.js'

type BlockMessage = NonNullable<SchemaMessage['block']>
type AttributeMessage = NonNullable<BlockMessage['attributes']>[number]

/** A framework schema as a tfplugin6.Schema message. */
export function schemaMessage(schema: Schema): SchemaMessage {
  return { version: schema.version, block: blockMessage(schema, schema.version) }
}

function blockMessage(block: Block, version = 0): BlockMessage {
  // Sorted, so `tofu providers schema -json` output and generated bindings are stable.
  const attributes = Object.entries(block.attributes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, a]) => attributeMessage(name, a))
  const blockTypes = Object.entries(block.blocks)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([typeName, nb]) => ({
      typeName,
      nesting: nb.nesting.toUpperCase() as 'SINGLE',
      block: blockMessage(nb.block),
      minItems: nb.minItems ?? 0,
      maxItems: nb.maxItems ?? 0,
    }))
  return { version, attributes, blockTypes, ...describe(block.description) }
}

function attributeMessage(name: string, a: Attribute): AttributeMessage {
  const o = a.options
  const common = {
    name,
    required: !!o.required,
    optional: !!o.optional,
    computed: !!o.computed,
    sensitive: !!o.sensitive,
    deprecated: !!o.deprecated,
    ...describe(o.description),
  }
  if (a.nested) {
    const attributes = Object.entries(a.nested.attributes).map(([n, x]) => attributeMessage(n, x))
    const nesting = a.nested.nesting.toUpperCase() as 'SINGLE'
    return { ...common, nestedType: { attributes, nesting } }
  }
  // The type travels as cty's JSON type encoding, e.g. ["list","string"].
  return { ...common, type: Buffer.from(JSON.stringify(a.type)) }
}

function describe(description: string | undefined) {
  return description ? { description, descriptionKind: 'PLAIN' as const } : {}
}

/** Framework diagnostics as tfplugin6.Diagnostic messages. */
export function diagnosticMessages(diags: Diagnostic[]): DiagnosticMessage[] {
  return diags.map((d) => ({
    severity: d.severity === 'error' ? 'ERROR' : 'WARNING',
    summary: d.summary,
    detail: d.detail ?? '',
    attribute: d.path?.length ? attributePathMessage(d.path) : null,
  }))
}

/**
 * An attribute path as a tfplugin6.AttributePath: names are attributes, numbers list indexes,
 * `{ key }` map keys.
 */
export function attributePathMessage(path: AttributePath): AttributePathMessage {
  return {
    steps: path.map((step) =>
      typeof step === 'number'
        ? { elementKeyInt: step }
        : typeof step === 'string'
          ? { attributeName: step }
          : { elementKeyString: step.key }
    ),
  }
}
