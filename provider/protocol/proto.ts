/**
 * The gRPC services of a provider process, built from `gen/descriptor.ts` (the vendored
 * protos, parsed at generation time) and typed by the proto-loader-gen-types output in `gen/`.
 * Regenerate both with `npm run gen:proto`.
 * @module
 */
import { loadPackageDefinition } from '@grpc/grpc-js'
import { fromJSON, type Options } from '@grpc/proto-loader'
import { descriptor } from './gen/descriptor.js'
import type { ProtoGrpcType as ControllerProto } from './gen/grpc_controller.js'
import type { ProtoGrpcType as HealthProto } from './gen/health.js'
import type { ProtoGrpcType as StdioProto } from './gen/grpc_stdio.js'
import type { ProtoGrpcType as Tfplugin6Proto } from './gen/tfplugin6.10.js'

/** proto-loader options; they must match the flags in gen-proto.ts or the generated types lie. */
export const LOADER_OPTIONS: Options = {
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
}

/** All four proto packages, typed. */
export type Protos = Tfplugin6Proto & ControllerProto & StdioProto & HealthProto

/**
 * Build gRPC service constructors for the vendored protos. Using the pre-parsed descriptor
 * skips parsing 40 kB of .proto text on every start, and the compiled provider needs no
 * .proto files next to it.
 */
export function loadProtos(): Protos {
  const definition = fromJSON(descriptor, LOADER_OPTIONS)
  return loadPackageDefinition(definition) as unknown as Protos
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
