/**
 * The nodeplane provider: its `provider "nodeplane" { … }` schema, configuration, and the list
 * of resource and data source types.
 * @module
 */
import { diagnosticError } from './framework/diagnostics.js'
import type { DataSource, ProviderDefinition, Resource } from './framework/resource.js'
import { attr, schema, type PlannedOf } from './framework/schema.js'
import { isUnknown } from './framework/values.js'
import { computeHostsDataSource } from './data-sources/compute-hosts.js'
import { firewallDataSource } from './data-sources/firewall.js'
import { nodeDataSource } from './data-sources/node.js'
import { nodesDataSource } from './data-sources/nodes.js'
import { firewallResource } from './resources/firewall.js'
import { nodeResource } from './resources/node.js'
import { publicIpResource } from './resources/public-ip.js'
import { sshKeyResource } from './resources/ssh-key.js'
import { vpcResource } from './resources/vpc.js'

/** The provider block's schema. */
export const providerSchema = schema({
  attributes: {
    endpoint: attr.string({
      optional: true,
      description:
        'Base URL of the nodeplane API. Defaults to the NODEPLANE_ENDPOINT environment variable.',
    }),
    api_key: attr.string({
      optional: true,
      sensitive: true,
      description:
        'nodeplane API key (np_…). Defaults to the NODEPLANE_API_KEY environment variable.',
    }),
  },
})

/** What resources receive as `ctx.client` once the provider is configured. */
export interface ProviderClient {
  endpoint: string | undefined
  apiKey: string | undefined
}

/** Extra types, e.g. test-only resources registered by the test suite. */
export interface ProviderTypes {
  resources?: Resource<any, ProviderClient>[]
  dataSources?: DataSource<any, ProviderClient>[]
}

/** Build the provider definition with its built-in types plus any extra ones. */
export function createProvider(
  extra: ProviderTypes = {}
): ProviderDefinition<typeof providerSchema, ProviderClient> {
  return {
    typeName: 'nodeplane',
    schema: providerSchema,
    configure: (_ctx, config) => configure(config),
    resources: [
      nodeResource,
      publicIpResource,
      vpcResource,
      sshKeyResource,
      firewallResource,
      ...(extra.resources ?? []),
    ],
    dataSources: [
      computeHostsDataSource,
      nodeDataSource,
      nodesDataSource,
      firewallDataSource,
      ...(extra.dataSources ?? []),
    ],
  }
}

function configure(config: PlannedOf<typeof providerSchema>): ProviderClient {
  // Unknown during plan when the value comes from another resource; resources will see undefined.
  const pick = (v: unknown, env: string) =>
    isUnknown(v) ? undefined : ((v as string | null) ?? process.env[env] ?? undefined)
  const endpoint = pick(config.endpoint, 'NODEPLANE_ENDPOINT')
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) {
    throw diagnosticError('Invalid endpoint', `"${endpoint}" is not an http(s) URL.`, ['endpoint'])
  }
  return { endpoint, apiKey: pick(config.api_key, 'NODEPLANE_API_KEY') }
}
