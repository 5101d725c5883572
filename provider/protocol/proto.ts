/**
 * The gRPC services of a provider process, from the static code in `gen/` (protobufjs static
 * encoders and decoders, generated from the vendored protos) and typed by the
 * proto-loader-gen-types output beside it. Regenerate all of it with `npm run gen:proto`.
 *
 * Messages convert exactly as @grpc/proto-loader converts them (MESSAGE_OPTIONS), so handlers
 * see the same plain objects; what is gone is the start-up work: no reflection tree, no code
 * generated with `new Function`, no descriptor protos for a reflection service nobody calls.
 * @module
 */
import { makeClientConstructor, type MethodDefinition, type ServiceDefinition } from '@grpc/grpc-js'
import messages from './gen/messages.js'
import { SERVICES } from './gen/services.js'
import type { ProtoGrpcType as ControllerProto } from './gen/grpc_controller.js'
import type { ProtoGrpcType as HealthProto } from './gen/health.js'
import type { ProtoGrpcType as StdioProto } from './gen/grpc_stdio.js'
import type { ProtoGrpcType as Tfplugin6Proto } from './gen/tfplugin6.10.js'

/** Conversion to and from plain objects; must match the flags in gen-proto.ts or the types lie. */
export const MESSAGE_OPTIONS = { longs: Number, enums: String, defaults: true, oneofs: true }

/** One method of a service, as `gen/services.ts` lists it. */
export interface MethodInfo {
  path: string
  requestType: string
  responseType: string
  requestStream: boolean
  responseStream: boolean
}
export type MethodTable = Record<string, MethodInfo>

/** All four proto packages, typed. */
export type Protos = Tfplugin6Proto & ControllerProto & StdioProto & HealthProto

interface MessageClass {
  fromObject(object: object): unknown
  toObject(message: unknown, options: typeof MESSAGE_OPTIONS): object
  encode(message: unknown): { finish(): Uint8Array }
  decode(bytes: Uint8Array): unknown
}

function messageClass(fullName: string): MessageClass {
  const found = fullName.split('.').reduce((ns: any, part) => ns?.[part], messages)
  if (!found) throw new Error(`gen/messages.ts has no ${fullName}: run npm run gen:proto`)
  return found
}

const serialize = (type: MessageClass) => (object: object) =>
  Buffer.from(type.encode(type.fromObject(object)).finish())
const deserialize = (type: MessageClass) => (bytes: Buffer) =>
  type.toObject(type.decode(bytes), MESSAGE_OPTIONS)

function method(name: string, info: MethodInfo): MethodDefinition<object, object> {
  const request = messageClass(info.requestType)
  const response = messageClass(info.responseType)
  return {
    path: info.path,
    requestStream: info.requestStream,
    responseStream: info.responseStream,
    requestSerialize: serialize(request),
    requestDeserialize: deserialize(request),
    responseSerialize: serialize(response),
    responseDeserialize: deserialize(response),
    // As proto-loader names it: clients get both `GetMetadata` and `getMetadata`.
    originalName: name[0]!.toLowerCase() + name.slice(1),
  }
}

/** The grpc-js definition of one service, by its full name (`tfplugin6.Provider`). */
export function serviceDefinition(fullName: string): ServiceDefinition {
  const methods = SERVICES[fullName]
  if (!methods) throw new Error(`gen/services.ts has no service ${fullName}`)
  return Object.fromEntries(
    Object.entries(methods).map(([name, info]) => [name, method(name, info)])
  )
}

/**
 * Client constructors for every service, in the shape `loadPackageDefinition` returns
 * (`protos.tfplugin6.Provider.service` is the server-side definition). Cheap: a dozen small
 * closures per service.
 */
export function loadProtos(): Protos {
  const client = (fullName: string) =>
    makeClientConstructor(serviceDefinition(fullName), fullName.split('.').pop()!)
  return {
    tfplugin6: { Provider: client('tfplugin6.Provider') },
    plugin: {
      GRPCController: client('plugin.GRPCController'),
      GRPCStdio: client('plugin.GRPCStdio'),
    },
    grpc: { health: { v1: { Health: client('grpc.health.v1.Health') } } },
  } as unknown as Protos
}

export type { HealthHandlers } from './gen/grpc/health/v1/Health.js'
export type { GRPCControllerHandlers } from './gen/plugin/GRPCController.js'
export type { GRPCStdioHandlers } from './gen/plugin/GRPCStdio.js'
export type { Diagnostic as DiagnosticMessage } from './gen/tfplugin6/Diagnostic.js'
export type { AttributePath as AttributePathMessage } from './gen/tfplugin6/AttributePath.js'
export type { Schema as SchemaMessage } from './gen/tfplugin6/Schema.js'
export type { _tfplugin6_ApplyResourceChange_Request__Output as ApplyRequest } from './gen/tfplugin6/ApplyResourceChange.js'
export type { _tfplugin6_ImportResourceState_Request__Output as ImportRequest } from './gen/tfplugin6/ImportResourceState.js'
export type { _tfplugin6_PlanResourceChange_Request__Output as PlanRequest } from './gen/tfplugin6/PlanResourceChange.js'
export type { _tfplugin6_ReadResource_Request__Output as ReadRequest } from './gen/tfplugin6/ReadResource.js'
export type { _tfplugin6_UpgradeResourceState_Request__Output as UpgradeRequest } from './gen/tfplugin6/UpgradeResourceState.js'
