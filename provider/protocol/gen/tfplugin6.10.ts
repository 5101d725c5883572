import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp.js';
import type { ActionSchema as _tfplugin6_ActionSchema, ActionSchema__Output as _tfplugin6_ActionSchema__Output } from './tfplugin6/ActionSchema.js';
import type { ApplyResourceChange as _tfplugin6_ApplyResourceChange, ApplyResourceChange__Output as _tfplugin6_ApplyResourceChange__Output } from './tfplugin6/ApplyResourceChange.js';
import type { AttributePath as _tfplugin6_AttributePath, AttributePath__Output as _tfplugin6_AttributePath__Output } from './tfplugin6/AttributePath.js';
import type { CallFunction as _tfplugin6_CallFunction, CallFunction__Output as _tfplugin6_CallFunction__Output } from './tfplugin6/CallFunction.js';
import type { ClientCapabilities as _tfplugin6_ClientCapabilities, ClientCapabilities__Output as _tfplugin6_ClientCapabilities__Output } from './tfplugin6/ClientCapabilities.js';
import type { CloseEphemeralResource as _tfplugin6_CloseEphemeralResource, CloseEphemeralResource__Output as _tfplugin6_CloseEphemeralResource__Output } from './tfplugin6/CloseEphemeralResource.js';
import type { ConfigureProvider as _tfplugin6_ConfigureProvider, ConfigureProvider__Output as _tfplugin6_ConfigureProvider__Output } from './tfplugin6/ConfigureProvider.js';
import type { ConfigureStateStore as _tfplugin6_ConfigureStateStore, ConfigureStateStore__Output as _tfplugin6_ConfigureStateStore__Output } from './tfplugin6/ConfigureStateStore.js';
import type { Deferred as _tfplugin6_Deferred, Deferred__Output as _tfplugin6_Deferred__Output } from './tfplugin6/Deferred.js';
import type { DeleteState as _tfplugin6_DeleteState, DeleteState__Output as _tfplugin6_DeleteState__Output } from './tfplugin6/DeleteState.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from './tfplugin6/Diagnostic.js';
import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from './tfplugin6/DynamicValue.js';
import type { Function as _tfplugin6_Function, Function__Output as _tfplugin6_Function__Output } from './tfplugin6/Function.js';
import type { FunctionError as _tfplugin6_FunctionError, FunctionError__Output as _tfplugin6_FunctionError__Output } from './tfplugin6/FunctionError.js';
import type { GenerateResourceConfig as _tfplugin6_GenerateResourceConfig, GenerateResourceConfig__Output as _tfplugin6_GenerateResourceConfig__Output } from './tfplugin6/GenerateResourceConfig.js';
import type { GetFunctions as _tfplugin6_GetFunctions, GetFunctions__Output as _tfplugin6_GetFunctions__Output } from './tfplugin6/GetFunctions.js';
import type { GetMetadata as _tfplugin6_GetMetadata, GetMetadata__Output as _tfplugin6_GetMetadata__Output } from './tfplugin6/GetMetadata.js';
import type { GetProviderSchema as _tfplugin6_GetProviderSchema, GetProviderSchema__Output as _tfplugin6_GetProviderSchema__Output } from './tfplugin6/GetProviderSchema.js';
import type { GetResourceIdentitySchemas as _tfplugin6_GetResourceIdentitySchemas, GetResourceIdentitySchemas__Output as _tfplugin6_GetResourceIdentitySchemas__Output } from './tfplugin6/GetResourceIdentitySchemas.js';
import type { GetStates as _tfplugin6_GetStates, GetStates__Output as _tfplugin6_GetStates__Output } from './tfplugin6/GetStates.js';
import type { ImportResourceState as _tfplugin6_ImportResourceState, ImportResourceState__Output as _tfplugin6_ImportResourceState__Output } from './tfplugin6/ImportResourceState.js';
import type { InvokeAction as _tfplugin6_InvokeAction, InvokeAction__Output as _tfplugin6_InvokeAction__Output } from './tfplugin6/InvokeAction.js';
import type { ListResource as _tfplugin6_ListResource, ListResource__Output as _tfplugin6_ListResource__Output } from './tfplugin6/ListResource.js';
import type { LockState as _tfplugin6_LockState, LockState__Output as _tfplugin6_LockState__Output } from './tfplugin6/LockState.js';
import type { MoveResourceState as _tfplugin6_MoveResourceState, MoveResourceState__Output as _tfplugin6_MoveResourceState__Output } from './tfplugin6/MoveResourceState.js';
import type { OpenEphemeralResource as _tfplugin6_OpenEphemeralResource, OpenEphemeralResource__Output as _tfplugin6_OpenEphemeralResource__Output } from './tfplugin6/OpenEphemeralResource.js';
import type { PlanAction as _tfplugin6_PlanAction, PlanAction__Output as _tfplugin6_PlanAction__Output } from './tfplugin6/PlanAction.js';
import type { PlanResourceChange as _tfplugin6_PlanResourceChange, PlanResourceChange__Output as _tfplugin6_PlanResourceChange__Output } from './tfplugin6/PlanResourceChange.js';
import type { ProviderClient as _tfplugin6_ProviderClient, ProviderDefinition as _tfplugin6_ProviderDefinition } from './tfplugin6/Provider.js';
import type { RawState as _tfplugin6_RawState, RawState__Output as _tfplugin6_RawState__Output } from './tfplugin6/RawState.js';
import type { ReadDataSource as _tfplugin6_ReadDataSource, ReadDataSource__Output as _tfplugin6_ReadDataSource__Output } from './tfplugin6/ReadDataSource.js';
import type { ReadResource as _tfplugin6_ReadResource, ReadResource__Output as _tfplugin6_ReadResource__Output } from './tfplugin6/ReadResource.js';
import type { ReadStateBytes as _tfplugin6_ReadStateBytes, ReadStateBytes__Output as _tfplugin6_ReadStateBytes__Output } from './tfplugin6/ReadStateBytes.js';
import type { RenewEphemeralResource as _tfplugin6_RenewEphemeralResource, RenewEphemeralResource__Output as _tfplugin6_RenewEphemeralResource__Output } from './tfplugin6/RenewEphemeralResource.js';
import type { RequestChunkMeta as _tfplugin6_RequestChunkMeta, RequestChunkMeta__Output as _tfplugin6_RequestChunkMeta__Output } from './tfplugin6/RequestChunkMeta.js';
import type { ResourceIdentityData as _tfplugin6_ResourceIdentityData, ResourceIdentityData__Output as _tfplugin6_ResourceIdentityData__Output } from './tfplugin6/ResourceIdentityData.js';
import type { ResourceIdentitySchema as _tfplugin6_ResourceIdentitySchema, ResourceIdentitySchema__Output as _tfplugin6_ResourceIdentitySchema__Output } from './tfplugin6/ResourceIdentitySchema.js';
import type { Schema as _tfplugin6_Schema, Schema__Output as _tfplugin6_Schema__Output } from './tfplugin6/Schema.js';
import type { ServerCapabilities as _tfplugin6_ServerCapabilities, ServerCapabilities__Output as _tfplugin6_ServerCapabilities__Output } from './tfplugin6/ServerCapabilities.js';
import type { StateRange as _tfplugin6_StateRange, StateRange__Output as _tfplugin6_StateRange__Output } from './tfplugin6/StateRange.js';
import type { StateStoreClientCapabilities as _tfplugin6_StateStoreClientCapabilities, StateStoreClientCapabilities__Output as _tfplugin6_StateStoreClientCapabilities__Output } from './tfplugin6/StateStoreClientCapabilities.js';
import type { StateStoreServerCapabilities as _tfplugin6_StateStoreServerCapabilities, StateStoreServerCapabilities__Output as _tfplugin6_StateStoreServerCapabilities__Output } from './tfplugin6/StateStoreServerCapabilities.js';
import type { StopProvider as _tfplugin6_StopProvider, StopProvider__Output as _tfplugin6_StopProvider__Output } from './tfplugin6/StopProvider.js';
import type { UnlockState as _tfplugin6_UnlockState, UnlockState__Output as _tfplugin6_UnlockState__Output } from './tfplugin6/UnlockState.js';
import type { UpgradeResourceIdentity as _tfplugin6_UpgradeResourceIdentity, UpgradeResourceIdentity__Output as _tfplugin6_UpgradeResourceIdentity__Output } from './tfplugin6/UpgradeResourceIdentity.js';
import type { UpgradeResourceState as _tfplugin6_UpgradeResourceState, UpgradeResourceState__Output as _tfplugin6_UpgradeResourceState__Output } from './tfplugin6/UpgradeResourceState.js';
import type { ValidateActionConfig as _tfplugin6_ValidateActionConfig, ValidateActionConfig__Output as _tfplugin6_ValidateActionConfig__Output } from './tfplugin6/ValidateActionConfig.js';
import type { ValidateDataResourceConfig as _tfplugin6_ValidateDataResourceConfig, ValidateDataResourceConfig__Output as _tfplugin6_ValidateDataResourceConfig__Output } from './tfplugin6/ValidateDataResourceConfig.js';
import type { ValidateEphemeralResourceConfig as _tfplugin6_ValidateEphemeralResourceConfig, ValidateEphemeralResourceConfig__Output as _tfplugin6_ValidateEphemeralResourceConfig__Output } from './tfplugin6/ValidateEphemeralResourceConfig.js';
import type { ValidateListResourceConfig as _tfplugin6_ValidateListResourceConfig, ValidateListResourceConfig__Output as _tfplugin6_ValidateListResourceConfig__Output } from './tfplugin6/ValidateListResourceConfig.js';
import type { ValidateProviderConfig as _tfplugin6_ValidateProviderConfig, ValidateProviderConfig__Output as _tfplugin6_ValidateProviderConfig__Output } from './tfplugin6/ValidateProviderConfig.js';
import type { ValidateResourceConfig as _tfplugin6_ValidateResourceConfig, ValidateResourceConfig__Output as _tfplugin6_ValidateResourceConfig__Output } from './tfplugin6/ValidateResourceConfig.js';
import type { ValidateStateStore as _tfplugin6_ValidateStateStore, ValidateStateStore__Output as _tfplugin6_ValidateStateStore__Output } from './tfplugin6/ValidateStateStore.js';
import type { WriteStateBytes as _tfplugin6_WriteStateBytes, WriteStateBytes__Output as _tfplugin6_WriteStateBytes__Output } from './tfplugin6/WriteStateBytes.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  google: {
    protobuf: {
      Timestamp: MessageTypeDefinition<_google_protobuf_Timestamp, _google_protobuf_Timestamp__Output>
    }
  }
  tfplugin6: {
    ActionSchema: MessageTypeDefinition<_tfplugin6_ActionSchema, _tfplugin6_ActionSchema__Output>
    ApplyResourceChange: MessageTypeDefinition<_tfplugin6_ApplyResourceChange, _tfplugin6_ApplyResourceChange__Output>
    AttributePath: MessageTypeDefinition<_tfplugin6_AttributePath, _tfplugin6_AttributePath__Output>
    CallFunction: MessageTypeDefinition<_tfplugin6_CallFunction, _tfplugin6_CallFunction__Output>
    ClientCapabilities: MessageTypeDefinition<_tfplugin6_ClientCapabilities, _tfplugin6_ClientCapabilities__Output>
    CloseEphemeralResource: MessageTypeDefinition<_tfplugin6_CloseEphemeralResource, _tfplugin6_CloseEphemeralResource__Output>
    ConfigureProvider: MessageTypeDefinition<_tfplugin6_ConfigureProvider, _tfplugin6_ConfigureProvider__Output>
    ConfigureStateStore: MessageTypeDefinition<_tfplugin6_ConfigureStateStore, _tfplugin6_ConfigureStateStore__Output>
    Deferred: MessageTypeDefinition<_tfplugin6_Deferred, _tfplugin6_Deferred__Output>
    DeleteState: MessageTypeDefinition<_tfplugin6_DeleteState, _tfplugin6_DeleteState__Output>
    Diagnostic: MessageTypeDefinition<_tfplugin6_Diagnostic, _tfplugin6_Diagnostic__Output>
    DynamicValue: MessageTypeDefinition<_tfplugin6_DynamicValue, _tfplugin6_DynamicValue__Output>
    Function: MessageTypeDefinition<_tfplugin6_Function, _tfplugin6_Function__Output>
    FunctionError: MessageTypeDefinition<_tfplugin6_FunctionError, _tfplugin6_FunctionError__Output>
    GenerateResourceConfig: MessageTypeDefinition<_tfplugin6_GenerateResourceConfig, _tfplugin6_GenerateResourceConfig__Output>
    GetFunctions: MessageTypeDefinition<_tfplugin6_GetFunctions, _tfplugin6_GetFunctions__Output>
    GetMetadata: MessageTypeDefinition<_tfplugin6_GetMetadata, _tfplugin6_GetMetadata__Output>
    GetProviderSchema: MessageTypeDefinition<_tfplugin6_GetProviderSchema, _tfplugin6_GetProviderSchema__Output>
    GetResourceIdentitySchemas: MessageTypeDefinition<_tfplugin6_GetResourceIdentitySchemas, _tfplugin6_GetResourceIdentitySchemas__Output>
    GetStates: MessageTypeDefinition<_tfplugin6_GetStates, _tfplugin6_GetStates__Output>
    ImportResourceState: MessageTypeDefinition<_tfplugin6_ImportResourceState, _tfplugin6_ImportResourceState__Output>
    InvokeAction: MessageTypeDefinition<_tfplugin6_InvokeAction, _tfplugin6_InvokeAction__Output>
    ListResource: MessageTypeDefinition<_tfplugin6_ListResource, _tfplugin6_ListResource__Output>
    LockState: MessageTypeDefinition<_tfplugin6_LockState, _tfplugin6_LockState__Output>
    MoveResourceState: MessageTypeDefinition<_tfplugin6_MoveResourceState, _tfplugin6_MoveResourceState__Output>
    OpenEphemeralResource: MessageTypeDefinition<_tfplugin6_OpenEphemeralResource, _tfplugin6_OpenEphemeralResource__Output>
    PlanAction: MessageTypeDefinition<_tfplugin6_PlanAction, _tfplugin6_PlanAction__Output>
    PlanResourceChange: MessageTypeDefinition<_tfplugin6_PlanResourceChange, _tfplugin6_PlanResourceChange__Output>
    Provider: SubtypeConstructor<typeof grpc.Client, _tfplugin6_ProviderClient> & { service: _tfplugin6_ProviderDefinition }
    RawState: MessageTypeDefinition<_tfplugin6_RawState, _tfplugin6_RawState__Output>
    ReadDataSource: MessageTypeDefinition<_tfplugin6_ReadDataSource, _tfplugin6_ReadDataSource__Output>
    ReadResource: MessageTypeDefinition<_tfplugin6_ReadResource, _tfplugin6_ReadResource__Output>
    ReadStateBytes: MessageTypeDefinition<_tfplugin6_ReadStateBytes, _tfplugin6_ReadStateBytes__Output>
    RenewEphemeralResource: MessageTypeDefinition<_tfplugin6_RenewEphemeralResource, _tfplugin6_RenewEphemeralResource__Output>
    RequestChunkMeta: MessageTypeDefinition<_tfplugin6_RequestChunkMeta, _tfplugin6_RequestChunkMeta__Output>
    ResourceIdentityData: MessageTypeDefinition<_tfplugin6_ResourceIdentityData, _tfplugin6_ResourceIdentityData__Output>
    ResourceIdentitySchema: MessageTypeDefinition<_tfplugin6_ResourceIdentitySchema, _tfplugin6_ResourceIdentitySchema__Output>
    Schema: MessageTypeDefinition<_tfplugin6_Schema, _tfplugin6_Schema__Output>
    ServerCapabilities: MessageTypeDefinition<_tfplugin6_ServerCapabilities, _tfplugin6_ServerCapabilities__Output>
    StateRange: MessageTypeDefinition<_tfplugin6_StateRange, _tfplugin6_StateRange__Output>
    StateStoreClientCapabilities: MessageTypeDefinition<_tfplugin6_StateStoreClientCapabilities, _tfplugin6_StateStoreClientCapabilities__Output>
    StateStoreServerCapabilities: MessageTypeDefinition<_tfplugin6_StateStoreServerCapabilities, _tfplugin6_StateStoreServerCapabilities__Output>
    StopProvider: MessageTypeDefinition<_tfplugin6_StopProvider, _tfplugin6_StopProvider__Output>
    StringKind: EnumTypeDefinition
    UnlockState: MessageTypeDefinition<_tfplugin6_UnlockState, _tfplugin6_UnlockState__Output>
    UpgradeResourceIdentity: MessageTypeDefinition<_tfplugin6_UpgradeResourceIdentity, _tfplugin6_UpgradeResourceIdentity__Output>
    UpgradeResourceState: MessageTypeDefinition<_tfplugin6_UpgradeResourceState, _tfplugin6_UpgradeResourceState__Output>
    ValidateActionConfig: MessageTypeDefinition<_tfplugin6_ValidateActionConfig, _tfplugin6_ValidateActionConfig__Output>
    ValidateDataResourceConfig: MessageTypeDefinition<_tfplugin6_ValidateDataResourceConfig, _tfplugin6_ValidateDataResourceConfig__Output>
    ValidateEphemeralResourceConfig: MessageTypeDefinition<_tfplugin6_ValidateEphemeralResourceConfig, _tfplugin6_ValidateEphemeralResourceConfig__Output>
    ValidateListResourceConfig: MessageTypeDefinition<_tfplugin6_ValidateListResourceConfig, _tfplugin6_ValidateListResourceConfig__Output>
    ValidateProviderConfig: MessageTypeDefinition<_tfplugin6_ValidateProviderConfig, _tfplugin6_ValidateProviderConfig__Output>
    ValidateResourceConfig: MessageTypeDefinition<_tfplugin6_ValidateResourceConfig, _tfplugin6_ValidateResourceConfig__Output>
    ValidateStateStore: MessageTypeDefinition<_tfplugin6_ValidateStateStore, _tfplugin6_ValidateStateStore__Output>
    WriteStateBytes: MessageTypeDefinition<_tfplugin6_WriteStateBytes, _tfplugin6_WriteStateBytes__Output>
  }
}

