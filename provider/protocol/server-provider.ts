/**
 * Provider-level RPCs: metadata and schemas, provider configuration, config validation, data
 * source reads and StopProvider.
 * @module
 */
import { diagnosticError, Diagnostics } from '../framework/diagnostics.js'
import type { DataSource, Resource } from '../framework/resource.js'
import { blockType } from '../framework/schema.js'
import { isWhollyKnown, type Value } from '../framework/values.js'
import { schemaMessage } from './convert.js'
import { decodeDynamicValue, encodeDynamicValue, type DynamicValueBytes } from './dynamic-value.js'
import { contextFor, unary, type Runtime } from './server.js'

interface TypedConfig {
  typeName: string
  config: DynamicValueBytes | null
}

const capabilities = {
  planDestroy: false,
  getProviderSchemaOptional: true,
  moveResourceState: false,
}

/** GetMetadata, GetProviderSchema, Validate*Config, ConfigureProvider, ReadDataSource, StopProvider. */
export function providerRpcs(rt: Runtime) {
  const { provider } = rt
  const resourceSchemas = () =>
    Object.fromEntries([...rt.resources].map(([name, r]) => [name, schemaMessage(r.schema)]))
  const dataSourceSchemas = () =>
    Object.fromEntries([...rt.dataSources].map(([name, d]) => [name, schemaMessage(d.schema)]))

  return {
    GetMetadata: unary(() => ({
      serverCapabilities: capabilities,
      resources: [...rt.resources.keys()].map((typeName) => ({ typeName })),
      dataSources: [...rt.dataSources.keys()].map((typeName) => ({ typeName })),
    })),

    GetProviderSchema: unary(() => ({
      provider: schemaMessage(provider.schema),
      resourceSchemas: resourceSchemas(),
      dataSourceSchemas: dataSourceSchemas(),
      serverCapabilities: capabilities,
    })),

    ValidateProviderConfig: unary(() => ({})),

    ConfigureProvider: unary(async (req: { config: DynamicValueBytes | null }, diags) => {
      const config = decodeDynamicValue(req.config, blockType(provider.schema))
      const ctx = { diagnostics: diags, signal: rt.stop.signal }
      rt.client = await provider.configure(ctx, config as never)
      return {}
    }),

    ValidateResourceConfig: unary(async (req: TypedConfig, diags) => {
      await validate(rt, lookup(rt.resources, req.typeName, 'resource'), req.config, diags)
      return {}
    }),

    ValidateDataResourceConfig: unary(async (req: TypedConfig, diags) => {
      await validate(rt, lookup(rt.dataSources, req.typeName, 'data source'), req.config, diags)
      return {}
    }),

    ReadDataSource: unary(async (req: TypedConfig, diags) => {
      const ds = lookup(rt.dataSources, req.typeName, 'data source')
      const type = blockType(ds.schema)
      const config = decodeDynamicValue(req.config, type)
      const state = (await ds.read(contextFor(rt, diags), config as never)) as Value
      if (!isWhollyKnown(state)) {
        throw diagnosticError(
          'Data source returned unknown values',
          `${req.typeName} must return fully known values.`
        )
      }
      return { state: encodeDynamicValue(state, type) }
    }),

    StopProvider: unary(() => {
      // Resources watch `ctx.signal`; Terraform waits for in-flight calls to return.
      rt.stop.abort(new Error('Terraform asked the provider to stop'))
      return { Error: '' }
    }),
  }
}

/** Find a resource or data source by type name, or fail with a diagnostic. */
export function lookup<T extends Resource<any, any> | DataSource<any, any>>(
  types: Map<string, T>,
  typeName: string,
  kind: string
): T {
  const found = types.get(typeName)
  if (!found)
    throw diagnosticError(`Unknown ${kind} type`, `This provider has no ${kind} "${typeName}".`)
  return found
}

async function validate(
  rt: Runtime,
  type: Resource<any, any> | DataSource<any, any>,
  raw: DynamicValueBytes | null,
  diags: Diagnostics
): Promise<void> {
  if (!type.validate) return
  const config = decodeDynamicValue(raw, blockType(type.schema))
  await type.validate({ diagnostics: diags, signal: rt.stop.signal }, config as never)
}
