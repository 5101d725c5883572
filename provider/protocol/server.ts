/**
 * tfplugin6.Provider service: maps each RPC onto the framework. Split by RPC group into
 * `server-provider.ts` (schemas, configure, validation, data sources) and
 * `server-resources.ts` (state upgrade, read, plan, apply, import).
 * @module
 */
import type * as grpc from '@grpc/grpc-js'
import {
  DiagnosticError,
  Diagnostics,
  isProblemLike,
  toDiagnostics,
} from '../framework/diagnostics.js'
import type { Context, DataSource, ProviderDefinition, Resource } from '../framework/resource.js'
import { diagnosticMessages } from './convert.js'
import { log } from './log.js'
import { providerRpcs } from './server-provider.js'
import { resourceRpcs } from './server-resources.js'

/** Per-process provider state shared by the RPC groups. */
export interface Runtime {
  provider: ProviderDefinition<any, any>
  resources: Map<string, Resource<any, any>>
  dataSources: Map<string, DataSource<any, any>>
  /** What `configure` returned; undefined until ConfigureProvider succeeded. */
  client: unknown
  /** Aborted by StopProvider so long-running calls can give up early. */
  stop: AbortController
}

/** Build the runtime for a provider definition. */
export function createRuntime(provider: ProviderDefinition<any, any>): Runtime {
  return {
    provider,
    resources: new Map(provider.resources.map((r) => [r.typeName, r])),
    dataSources: new Map(provider.dataSources.map((d) => [d.typeName, d])),
    client: undefined,
    stop: new AbortController(),
  }
}

/** The context handed to resource code for one RPC. */
export function contextFor(rt: Runtime, diagnostics: Diagnostics): Context<unknown> {
  return { client: rt.client, diagnostics, signal: rt.stop.signal }
}

/** An RPC body: gets the request and a diagnostics collector, returns the response fields. */
export type Rpc<Req, Res> = (req: Req, diags: Diagnostics) => Promise<Res> | Res

type UnaryHandler = grpc.handleUnaryCall<any, any>

/**
 * Adapt an RPC body to a gRPC unary handler. Anything thrown becomes an error diagnostic in an
 * otherwise empty response: Terraform shows diagnostics well, while a gRPC error only surfaces
 * as "plugin error" with the stack lost.
 */
export function unary<Req, Res extends object>(rpc: Rpc<Req, Res>): UnaryHandler {
  return (call, callback) => {
    const diags = new Diagnostics()
    const started = performance.now()
    const rpcName = call.getPath().split('/').pop()
    Promise.resolve()
      .then(() => rpc(call.request as Req, diags))
      .then(
        (res) => callback(null, { ...res, diagnostics: diagnosticMessages(diags.items) }),
        (err: unknown) => {
          // Expected failures arrive as diagnostics; anything else is a bug worth a stack trace.
          if (!(err instanceof DiagnosticError) && !isProblemLike(err)) {
            log('error', 'unexpected error', { rpc: rpcName, stack: (err as Error)?.stack })
          }
          diags.items.push(...toDiagnostics(err))
          callback(null, { diagnostics: diagnosticMessages(diags.items) })
        }
      )
      // Never let a failure escape as an unhandled rejection: Node would end the process.
      .catch((err: unknown) =>
        log('error', 'rpc response failed', { rpc: rpcName, error: String(err) })
      )
      .finally(() =>
        log('debug', 'rpc', { rpc: rpcName, ms: Math.round(performance.now() - started) })
      )
  }
}

// RPCs a provider without functions, identities, ephemeral or list resources, actions or state
// stores still gets asked about by discovery: answer "none" rather than UNIMPLEMENTED.
const emptyDiscovery = {
  GetFunctions: unary(() => ({ functions: {} })),
  GetResourceIdentitySchemas: unary(() => ({ identitySchemas: {} })),
}

// Requests for features this provider never advertised: a clear diagnostic, never a crash.
const unsupported = [
  'MoveResourceState',
  'UpgradeResourceIdentity',
  'GenerateResourceConfig',
  'ValidateEphemeralResourceConfig',
  'OpenEphemeralResource',
  'RenewEphemeralResource',
  'CloseEphemeralResource',
  'ValidateListResourceConfig',
  'CallFunction',
  'ValidateStateStoreConfig',
  'ConfigureStateStore',
  'LockState',
  'UnlockState',
  'GetStates',
  'DeleteState',
  'PlanAction',
  'ValidateActionConfig',
] as const

/**
 * Handlers for every unary tfplugin6.Provider RPC. Streaming RPCs (ListResource, InvokeAction,
 * Read/WriteStateBytes) are left out, so grpc-js answers them with UNIMPLEMENTED.
 */
export function providerHandlers(rt: Runtime): grpc.UntypedServiceImplementation {
  const handlers: Record<string, UnaryHandler> = { ...emptyDiscovery }
  for (const name of unsupported) {
    handlers[name] = unary((_req, diags) => {
      diags.error(
        `${name} is not supported`,
        `The ${rt.provider.typeName} provider does not implement ${name}.`
      )
      return {}
    })
  }
  return { ...handlers, ...providerRpcs(rt), ...resourceRpcs(rt) }
}
