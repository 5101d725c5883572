// Original file: tfplugin6.10.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { _tfplugin6_ListResource_Event, _tfplugin6_ListResource_Event__Output } from '../tfplugin6/ListResource.js';
import type { _tfplugin6_InvokeAction_Event, _tfplugin6_InvokeAction_Event__Output } from '../tfplugin6/InvokeAction.js';
import type { _tfplugin6_GetMetadata_Request, _tfplugin6_GetMetadata_Request__Output } from '../tfplugin6/GetMetadata.js';
import type { _tfplugin6_GetProviderSchema_Request, _tfplugin6_GetProviderSchema_Request__Output } from '../tfplugin6/GetProviderSchema.js';
import type { _tfplugin6_ValidateProviderConfig_Request, _tfplugin6_ValidateProviderConfig_Request__Output } from '../tfplugin6/ValidateProviderConfig.js';
import type { _tfplugin6_ValidateResourceConfig_Request, _tfplugin6_ValidateResourceConfig_Request__Output } from '../tfplugin6/ValidateResourceConfig.js';
import type { _tfplugin6_ValidateDataResourceConfig_Request, _tfplugin6_ValidateDataResourceConfig_Request__Output } from '../tfplugin6/ValidateDataResourceConfig.js';
import type { _tfplugin6_UpgradeResourceState_Request, _tfplugin6_UpgradeResourceState_Request__Output } from '../tfplugin6/UpgradeResourceState.js';
import type { _tfplugin6_GetResourceIdentitySchemas_Request, _tfplugin6_GetResourceIdentitySchemas_Request__Output } from '../tfplugin6/GetResourceIdentitySchemas.js';
import type { _tfplugin6_UpgradeResourceIdentity_Request, _tfplugin6_UpgradeResourceIdentity_Request__Output } from '../tfplugin6/UpgradeResourceIdentity.js';
import type { _tfplugin6_ConfigureProvider_Request, _tfplugin6_ConfigureProvider_Request__Output } from '../tfplugin6/ConfigureProvider.js';
import type { _tfplugin6_ReadResource_Request, _tfplugin6_ReadResource_Request__Output } from '../tfplugin6/ReadResource.js';
import type { _tfplugin6_PlanResourceChange_Request, _tfplugin6_PlanResourceChange_Request__Output } from '../tfplugin6/PlanResourceChange.js';
import type { _tfplugin6_ApplyResourceChange_Request, _tfplugin6_ApplyResourceChange_Request__Output } from '../tfplugin6/ApplyResourceChange.js';
import type { _tfplugin6_ImportResourceState_Request, _tfplugin6_ImportResourceState_Request__Output } from '../tfplugin6/ImportResourceState.js';
import type { _tfplugin6_MoveResourceState_Request, _tfplugin6_MoveResourceState_Request__Output } from '../tfplugin6/MoveResourceState.js';
import type { _tfplugin6_ReadDataSource_Request, _tfplugin6_ReadDataSource_Request__Output } from '../tfplugin6/ReadDataSource.js';
import type { _tfplugin6_GenerateResourceConfig_Request, _tfplugin6_GenerateResourceConfig_Request__Output } from '../tfplugin6/GenerateResourceConfig.js';
import type { _tfplugin6_ValidateEphemeralResourceConfig_Request, _tfplugin6_ValidateEphemeralResourceConfig_Request__Output } from '../tfplugin6/ValidateEphemeralResourceConfig.js';
import type { _tfplugin6_OpenEphemeralResource_Request, _tfplugin6_OpenEphemeralResource_Request__Output } from '../tfplugin6/OpenEphemeralResource.js';
import type { _tfplugin6_RenewEphemeralResource_Request, _tfplugin6_RenewEphemeralResource_Request__Output } from '../tfplugin6/RenewEphemeralResource.js';
import type { _tfplugin6_CloseEphemeralResource_Request, _tfplugin6_CloseEphemeralResource_Request__Output } from '../tfplugin6/CloseEphemeralResource.js';
import type { _tfplugin6_ListResource_Request, _tfplugin6_ListResource_Request__Output } from '../tfplugin6/ListResource.js';
import type { _tfplugin6_ValidateListResourceConfig_Request, _tfplugin6_ValidateListResourceConfig_Request__Output } from '../tfplugin6/ValidateListResourceConfig.js';
import type { _tfplugin6_GetFunctions_Request, _tfplugin6_GetFunctions_Request__Output } from '../tfplugin6/GetFunctions.js';
import type { _tfplugin6_CallFunction_Request, _tfplugin6_CallFunction_Request__Output } from '../tfplugin6/CallFunction.js';
import type { _tfplugin6_ValidateStateStore_Request, _tfplugin6_ValidateStateStore_Request__Output } from '../tfplugin6/ValidateStateStore.js';
import type { _tfplugin6_ConfigureStateStore_Request, _tfplugin6_ConfigureStateStore_Request__Output } from '../tfplugin6/ConfigureStateStore.js';
import type { _tfplugin6_ReadStateBytes_Request, _tfplugin6_ReadStateBytes_Request__Output } from '../tfplugin6/ReadStateBytes.js';
import type { _tfplugin6_LockState_Request, _tfplugin6_LockState_Request__Output } from '../tfplugin6/LockState.js';
import type { _tfplugin6_UnlockState_Request, _tfplugin6_UnlockState_Request__Output } from '../tfplugin6/UnlockState.js';
import type { _tfplugin6_GetStates_Request, _tfplugin6_GetStates_Request__Output } from '../tfplugin6/GetStates.js';
import type { _tfplugin6_DeleteState_Request, _tfplugin6_DeleteState_Request__Output } from '../tfplugin6/DeleteState.js';
import type { _tfplugin6_PlanAction_Request, _tfplugin6_PlanAction_Request__Output } from '../tfplugin6/PlanAction.js';
import type { _tfplugin6_InvokeAction_Request, _tfplugin6_InvokeAction_Request__Output } from '../tfplugin6/InvokeAction.js';
import type { _tfplugin6_ValidateActionConfig_Request, _tfplugin6_ValidateActionConfig_Request__Output } from '../tfplugin6/ValidateActionConfig.js';
import type { _tfplugin6_StopProvider_Request, _tfplugin6_StopProvider_Request__Output } from '../tfplugin6/StopProvider.js';
import type { _tfplugin6_WriteStateBytes_RequestChunk, _tfplugin6_WriteStateBytes_RequestChunk__Output } from '../tfplugin6/WriteStateBytes.js';
import type { _tfplugin6_GetMetadata_Response, _tfplugin6_GetMetadata_Response__Output } from '../tfplugin6/GetMetadata.js';
import type { _tfplugin6_GetProviderSchema_Response, _tfplugin6_GetProviderSchema_Response__Output } from '../tfplugin6/GetProviderSchema.js';
import type { _tfplugin6_ValidateProviderConfig_Response, _tfplugin6_ValidateProviderConfig_Response__Output } from '../tfplugin6/ValidateProviderConfig.js';
import type { _tfplugin6_ValidateResourceConfig_Response, _tfplugin6_ValidateResourceConfig_Response__Output } from '../tfplugin6/ValidateResourceConfig.js';
import type { _tfplugin6_ValidateDataResourceConfig_Response, _tfplugin6_ValidateDataResourceConfig_Response__Output } from '../tfplugin6/ValidateDataResourceConfig.js';
import type { _tfplugin6_UpgradeResourceState_Response, _tfplugin6_UpgradeResourceState_Response__Output } from '../tfplugin6/UpgradeResourceState.js';
import type { _tfplugin6_GetResourceIdentitySchemas_Response, _tfplugin6_GetResourceIdentitySchemas_Response__Output } from '../tfplugin6/GetResourceIdentitySchemas.js';
import type { _tfplugin6_UpgradeResourceIdentity_Response, _tfplugin6_UpgradeResourceIdentity_Response__Output } from '../tfplugin6/UpgradeResourceIdentity.js';
import type { _tfplugin6_ConfigureProvider_Response, _tfplugin6_ConfigureProvider_Response__Output } from '../tfplugin6/ConfigureProvider.js';
import type { _tfplugin6_ReadResource_Response, _tfplugin6_ReadResource_Response__Output } from '../tfplugin6/ReadResource.js';
import type { _tfplugin6_PlanResourceChange_Response, _tfplugin6_PlanResourceChange_Response__Output } from '../tfplugin6/PlanResourceChange.js';
import type { _tfplugin6_ApplyResourceChange_Response, _tfplugin6_ApplyResourceChange_Response__Output } from '../tfplugin6/ApplyResourceChange.js';
import type { _tfplugin6_ImportResourceState_Response, _tfplugin6_ImportResourceState_Response__Output } from '../tfplugin6/ImportResourceState.js';
import type { _tfplugin6_MoveResourceState_Response, _tfplugin6_MoveResourceState_Response__Output } from '../tfplugin6/MoveResourceState.js';
import type { _tfplugin6_ReadDataSource_Response, _tfplugin6_ReadDataSource_Response__Output } from '../tfplugin6/ReadDataSource.js';
import type { _tfplugin6_GenerateResourceConfig_Response, _tfplugin6_GenerateResourceConfig_Response__Output } from '../tfplugin6/GenerateResourceConfig.js';
import type { _tfplugin6_ValidateEphemeralResourceConfig_Response, _tfplugin6_ValidateEphemeralResourceConfig_Response__Output } from '../tfplugin6/ValidateEphemeralResourceConfig.js';
import type { _tfplugin6_OpenEphemeralResource_Response, _tfplugin6_OpenEphemeralResource_Response__Output } from '../tfplugin6/OpenEphemeralResource.js';
import type { _tfplugin6_RenewEphemeralResource_Response, _tfplugin6_RenewEphemeralResource_Response__Output } from '../tfplugin6/RenewEphemeralResource.js';
import type { _tfplugin6_CloseEphemeralResource_Response, _tfplugin6_CloseEphemeralResource_Response__Output } from '../tfplugin6/CloseEphemeralResource.js';
import type { _tfplugin6_ValidateListResourceConfig_Response, _tfplugin6_ValidateListResourceConfig_Response__Output } from '../tfplugin6/ValidateListResourceConfig.js';
import type { _tfplugin6_GetFunctions_Response, _tfplugin6_GetFunctions_Response__Output } from '../tfplugin6/GetFunctions.js';
import type { _tfplugin6_CallFunction_Response, _tfplugin6_CallFunction_Response__Output } from '../tfplugin6/CallFunction.js';
import type { _tfplugin6_ValidateStateStore_Response, _tfplugin6_ValidateStateStore_Response__Output } from '../tfplugin6/ValidateStateStore.js';
import type { _tfplugin6_ConfigureStateStore_Response, _tfplugin6_ConfigureStateStore_Response__Output } from '../tfplugin6/ConfigureStateStore.js';
import type { _tfplugin6_ReadStateBytes_Response, _tfplugin6_ReadStateBytes_Response__Output } from '../tfplugin6/ReadStateBytes.js';
import type { _tfplugin6_WriteStateBytes_Response, _tfplugin6_WriteStateBytes_Response__Output } from '../tfplugin6/WriteStateBytes.js';
import type { _tfplugin6_LockState_Response, _tfplugin6_LockState_Response__Output } from '../tfplugin6/LockState.js';
import type { _tfplugin6_UnlockState_Response, _tfplugin6_UnlockState_Response__Output } from '../tfplugin6/UnlockState.js';
import type { _tfplugin6_GetStates_Response, _tfplugin6_GetStates_Response__Output } from '../tfplugin6/GetStates.js';
import type { _tfplugin6_DeleteState_Response, _tfplugin6_DeleteState_Response__Output } from '../tfplugin6/DeleteState.js';
import type { _tfplugin6_PlanAction_Response, _tfplugin6_PlanAction_Response__Output } from '../tfplugin6/PlanAction.js';
import type { _tfplugin6_ValidateActionConfig_Response, _tfplugin6_ValidateActionConfig_Response__Output } from '../tfplugin6/ValidateActionConfig.js';
import type { _tfplugin6_StopProvider_Response, _tfplugin6_StopProvider_Response__Output } from '../tfplugin6/StopProvider.js';

export interface ProviderClient extends grpc.Client {
  ApplyResourceChange(argument: _tfplugin6_ApplyResourceChange_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ApplyResourceChange_Response__Output>): grpc.ClientUnaryCall;
  ApplyResourceChange(argument: _tfplugin6_ApplyResourceChange_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ApplyResourceChange_Response__Output>): grpc.ClientUnaryCall;
  ApplyResourceChange(argument: _tfplugin6_ApplyResourceChange_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ApplyResourceChange_Response__Output>): grpc.ClientUnaryCall;
  ApplyResourceChange(argument: _tfplugin6_ApplyResourceChange_Request, callback: grpc.requestCallback<_tfplugin6_ApplyResourceChange_Response__Output>): grpc.ClientUnaryCall;
  applyResourceChange(argument: _tfplugin6_ApplyResourceChange_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ApplyResourceChange_Response__Output>): grpc.ClientUnaryCall;
  applyResourceChange(argument: _tfplugin6_ApplyResourceChange_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ApplyResourceChange_Response__Output>): grpc.ClientUnaryCall;
  applyResourceChange(argument: _tfplugin6_ApplyResourceChange_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ApplyResourceChange_Response__Output>): grpc.ClientUnaryCall;
  applyResourceChange(argument: _tfplugin6_ApplyResourceChange_Request, callback: grpc.requestCallback<_tfplugin6_ApplyResourceChange_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * Provider-contributed Functions
   */
  CallFunction(argument: _tfplugin6_CallFunction_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_CallFunction_Response__Output>): grpc.ClientUnaryCall;
  CallFunction(argument: _tfplugin6_CallFunction_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_CallFunction_Response__Output>): grpc.ClientUnaryCall;
  CallFunction(argument: _tfplugin6_CallFunction_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_CallFunction_Response__Output>): grpc.ClientUnaryCall;
  CallFunction(argument: _tfplugin6_CallFunction_Request, callback: grpc.requestCallback<_tfplugin6_CallFunction_Response__Output>): grpc.ClientUnaryCall;
  /**
   * Provider-contributed Functions
   */
  callFunction(argument: _tfplugin6_CallFunction_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_CallFunction_Response__Output>): grpc.ClientUnaryCall;
  callFunction(argument: _tfplugin6_CallFunction_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_CallFunction_Response__Output>): grpc.ClientUnaryCall;
  callFunction(argument: _tfplugin6_CallFunction_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_CallFunction_Response__Output>): grpc.ClientUnaryCall;
  callFunction(argument: _tfplugin6_CallFunction_Request, callback: grpc.requestCallback<_tfplugin6_CallFunction_Response__Output>): grpc.ClientUnaryCall;
  
  CloseEphemeralResource(argument: _tfplugin6_CloseEphemeralResource_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_CloseEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  CloseEphemeralResource(argument: _tfplugin6_CloseEphemeralResource_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_CloseEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  CloseEphemeralResource(argument: _tfplugin6_CloseEphemeralResource_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_CloseEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  CloseEphemeralResource(argument: _tfplugin6_CloseEphemeralResource_Request, callback: grpc.requestCallback<_tfplugin6_CloseEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  closeEphemeralResource(argument: _tfplugin6_CloseEphemeralResource_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_CloseEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  closeEphemeralResource(argument: _tfplugin6_CloseEphemeralResource_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_CloseEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  closeEphemeralResource(argument: _tfplugin6_CloseEphemeralResource_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_CloseEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  closeEphemeralResource(argument: _tfplugin6_CloseEphemeralResource_Request, callback: grpc.requestCallback<_tfplugin6_CloseEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * One-time initialization, called before other functions below
   */
  ConfigureProvider(argument: _tfplugin6_ConfigureProvider_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ConfigureProvider_Response__Output>): grpc.ClientUnaryCall;
  ConfigureProvider(argument: _tfplugin6_ConfigureProvider_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ConfigureProvider_Response__Output>): grpc.ClientUnaryCall;
  ConfigureProvider(argument: _tfplugin6_ConfigureProvider_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ConfigureProvider_Response__Output>): grpc.ClientUnaryCall;
  ConfigureProvider(argument: _tfplugin6_ConfigureProvider_Request, callback: grpc.requestCallback<_tfplugin6_ConfigureProvider_Response__Output>): grpc.ClientUnaryCall;
  /**
   * One-time initialization, called before other functions below
   */
  configureProvider(argument: _tfplugin6_ConfigureProvider_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ConfigureProvider_Response__Output>): grpc.ClientUnaryCall;
  configureProvider(argument: _tfplugin6_ConfigureProvider_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ConfigureProvider_Response__Output>): grpc.ClientUnaryCall;
  configureProvider(argument: _tfplugin6_ConfigureProvider_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ConfigureProvider_Response__Output>): grpc.ClientUnaryCall;
  configureProvider(argument: _tfplugin6_ConfigureProvider_Request, callback: grpc.requestCallback<_tfplugin6_ConfigureProvider_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * ConfigureStateStore configures the state store, such as S3 connection in the context of already configured provider
   */
  ConfigureStateStore(argument: _tfplugin6_ConfigureStateStore_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ConfigureStateStore_Response__Output>): grpc.ClientUnaryCall;
  ConfigureStateStore(argument: _tfplugin6_ConfigureStateStore_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ConfigureStateStore_Response__Output>): grpc.ClientUnaryCall;
  ConfigureStateStore(argument: _tfplugin6_ConfigureStateStore_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ConfigureStateStore_Response__Output>): grpc.ClientUnaryCall;
  ConfigureStateStore(argument: _tfplugin6_ConfigureStateStore_Request, callback: grpc.requestCallback<_tfplugin6_ConfigureStateStore_Response__Output>): grpc.ClientUnaryCall;
  /**
   * ConfigureStateStore configures the state store, such as S3 connection in the context of already configured provider
   */
  configureStateStore(argument: _tfplugin6_ConfigureStateStore_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ConfigureStateStore_Response__Output>): grpc.ClientUnaryCall;
  configureStateStore(argument: _tfplugin6_ConfigureStateStore_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ConfigureStateStore_Response__Output>): grpc.ClientUnaryCall;
  configureStateStore(argument: _tfplugin6_ConfigureStateStore_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ConfigureStateStore_Response__Output>): grpc.ClientUnaryCall;
  configureStateStore(argument: _tfplugin6_ConfigureStateStore_Request, callback: grpc.requestCallback<_tfplugin6_ConfigureStateStore_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * DeleteState instructs a given state store to delete a specific state (i.e. a CE workspace)
   */
  DeleteState(argument: _tfplugin6_DeleteState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_DeleteState_Response__Output>): grpc.ClientUnaryCall;
  DeleteState(argument: _tfplugin6_DeleteState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_DeleteState_Response__Output>): grpc.ClientUnaryCall;
  DeleteState(argument: _tfplugin6_DeleteState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_DeleteState_Response__Output>): grpc.ClientUnaryCall;
  DeleteState(argument: _tfplugin6_DeleteState_Request, callback: grpc.requestCallback<_tfplugin6_DeleteState_Response__Output>): grpc.ClientUnaryCall;
  /**
   * DeleteState instructs a given state store to delete a specific state (i.e. a CE workspace)
   */
  deleteState(argument: _tfplugin6_DeleteState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_DeleteState_Response__Output>): grpc.ClientUnaryCall;
  deleteState(argument: _tfplugin6_DeleteState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_DeleteState_Response__Output>): grpc.ClientUnaryCall;
  deleteState(argument: _tfplugin6_DeleteState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_DeleteState_Response__Output>): grpc.ClientUnaryCall;
  deleteState(argument: _tfplugin6_DeleteState_Request, callback: grpc.requestCallback<_tfplugin6_DeleteState_Response__Output>): grpc.ClientUnaryCall;
  
  GenerateResourceConfig(argument: _tfplugin6_GenerateResourceConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GenerateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  GenerateResourceConfig(argument: _tfplugin6_GenerateResourceConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GenerateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  GenerateResourceConfig(argument: _tfplugin6_GenerateResourceConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GenerateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  GenerateResourceConfig(argument: _tfplugin6_GenerateResourceConfig_Request, callback: grpc.requestCallback<_tfplugin6_GenerateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  generateResourceConfig(argument: _tfplugin6_GenerateResourceConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GenerateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  generateResourceConfig(argument: _tfplugin6_GenerateResourceConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GenerateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  generateResourceConfig(argument: _tfplugin6_GenerateResourceConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GenerateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  generateResourceConfig(argument: _tfplugin6_GenerateResourceConfig_Request, callback: grpc.requestCallback<_tfplugin6_GenerateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetFunctions returns the definitions of all functions.
   */
  GetFunctions(argument: _tfplugin6_GetFunctions_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetFunctions_Response__Output>): grpc.ClientUnaryCall;
  GetFunctions(argument: _tfplugin6_GetFunctions_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GetFunctions_Response__Output>): grpc.ClientUnaryCall;
  GetFunctions(argument: _tfplugin6_GetFunctions_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetFunctions_Response__Output>): grpc.ClientUnaryCall;
  GetFunctions(argument: _tfplugin6_GetFunctions_Request, callback: grpc.requestCallback<_tfplugin6_GetFunctions_Response__Output>): grpc.ClientUnaryCall;
  /**
   * GetFunctions returns the definitions of all functions.
   */
  getFunctions(argument: _tfplugin6_GetFunctions_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetFunctions_Response__Output>): grpc.ClientUnaryCall;
  getFunctions(argument: _tfplugin6_GetFunctions_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GetFunctions_Response__Output>): grpc.ClientUnaryCall;
  getFunctions(argument: _tfplugin6_GetFunctions_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetFunctions_Response__Output>): grpc.ClientUnaryCall;
  getFunctions(argument: _tfplugin6_GetFunctions_Request, callback: grpc.requestCallback<_tfplugin6_GetFunctions_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetMetadata returns upfront information about server capabilities and
   * supported resource types without requiring the server to instantiate all
   * schema information, which may be memory intensive.
   * This method is CURRENTLY UNUSED and it serves mostly for convenience
   * of code generation inside of terraform-plugin-mux.
   */
  GetMetadata(argument: _tfplugin6_GetMetadata_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetMetadata_Response__Output>): grpc.ClientUnaryCall;
  GetMetadata(argument: _tfplugin6_GetMetadata_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GetMetadata_Response__Output>): grpc.ClientUnaryCall;
  GetMetadata(argument: _tfplugin6_GetMetadata_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetMetadata_Response__Output>): grpc.ClientUnaryCall;
  GetMetadata(argument: _tfplugin6_GetMetadata_Request, callback: grpc.requestCallback<_tfplugin6_GetMetadata_Response__Output>): grpc.ClientUnaryCall;
  /**
   * GetMetadata returns upfront information about server capabilities and
   * supported resource types without requiring the server to instantiate all
   * schema information, which may be memory intensive.
   * This method is CURRENTLY UNUSED and it serves mostly for convenience
   * of code generation inside of terraform-plugin-mux.
   */
  getMetadata(argument: _tfplugin6_GetMetadata_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetMetadata_Response__Output>): grpc.ClientUnaryCall;
  getMetadata(argument: _tfplugin6_GetMetadata_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GetMetadata_Response__Output>): grpc.ClientUnaryCall;
  getMetadata(argument: _tfplugin6_GetMetadata_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetMetadata_Response__Output>): grpc.ClientUnaryCall;
  getMetadata(argument: _tfplugin6_GetMetadata_Request, callback: grpc.requestCallback<_tfplugin6_GetMetadata_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetSchema returns schema information for the provider, data resources,
   * and managed resources.
   */
  GetProviderSchema(argument: _tfplugin6_GetProviderSchema_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetProviderSchema_Response__Output>): grpc.ClientUnaryCall;
  GetProviderSchema(argument: _tfplugin6_GetProviderSchema_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GetProviderSchema_Response__Output>): grpc.ClientUnaryCall;
  GetProviderSchema(argument: _tfplugin6_GetProviderSchema_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetProviderSchema_Response__Output>): grpc.ClientUnaryCall;
  GetProviderSchema(argument: _tfplugin6_GetProviderSchema_Request, callback: grpc.requestCallback<_tfplugin6_GetProviderSchema_Response__Output>): grpc.ClientUnaryCall;
  /**
   * GetSchema returns schema information for the provider, data resources,
   * and managed resources.
   */
  getProviderSchema(argument: _tfplugin6_GetProviderSchema_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetProviderSchema_Response__Output>): grpc.ClientUnaryCall;
  getProviderSchema(argument: _tfplugin6_GetProviderSchema_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GetProviderSchema_Response__Output>): grpc.ClientUnaryCall;
  getProviderSchema(argument: _tfplugin6_GetProviderSchema_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetProviderSchema_Response__Output>): grpc.ClientUnaryCall;
  getProviderSchema(argument: _tfplugin6_GetProviderSchema_Request, callback: grpc.requestCallback<_tfplugin6_GetProviderSchema_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetResourceIdentitySchemas returns the identity schemas for all managed
   * resources.
   */
  GetResourceIdentitySchemas(argument: _tfplugin6_GetResourceIdentitySchemas_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetResourceIdentitySchemas_Response__Output>): grpc.ClientUnaryCall;
  GetResourceIdentitySchemas(argument: _tfplugin6_GetResourceIdentitySchemas_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GetResourceIdentitySchemas_Response__Output>): grpc.ClientUnaryCall;
  GetResourceIdentitySchemas(argument: _tfplugin6_GetResourceIdentitySchemas_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetResourceIdentitySchemas_Response__Output>): grpc.ClientUnaryCall;
  GetResourceIdentitySchemas(argument: _tfplugin6_GetResourceIdentitySchemas_Request, callback: grpc.requestCallback<_tfplugin6_GetResourceIdentitySchemas_Response__Output>): grpc.ClientUnaryCall;
  /**
   * GetResourceIdentitySchemas returns the identity schemas for all managed
   * resources.
   */
  getResourceIdentitySchemas(argument: _tfplugin6_GetResourceIdentitySchemas_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetResourceIdentitySchemas_Response__Output>): grpc.ClientUnaryCall;
  getResourceIdentitySchemas(argument: _tfplugin6_GetResourceIdentitySchemas_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GetResourceIdentitySchemas_Response__Output>): grpc.ClientUnaryCall;
  getResourceIdentitySchemas(argument: _tfplugin6_GetResourceIdentitySchemas_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetResourceIdentitySchemas_Response__Output>): grpc.ClientUnaryCall;
  getResourceIdentitySchemas(argument: _tfplugin6_GetResourceIdentitySchemas_Request, callback: grpc.requestCallback<_tfplugin6_GetResourceIdentitySchemas_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetStates returns a list of all states (i.e. CE workspaces) managed by a given state store
   */
  GetStates(argument: _tfplugin6_GetStates_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetStates_Response__Output>): grpc.ClientUnaryCall;
  GetStates(argument: _tfplugin6_GetStates_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GetStates_Response__Output>): grpc.ClientUnaryCall;
  GetStates(argument: _tfplugin6_GetStates_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetStates_Response__Output>): grpc.ClientUnaryCall;
  GetStates(argument: _tfplugin6_GetStates_Request, callback: grpc.requestCallback<_tfplugin6_GetStates_Response__Output>): grpc.ClientUnaryCall;
  /**
   * GetStates returns a list of all states (i.e. CE workspaces) managed by a given state store
   */
  getStates(argument: _tfplugin6_GetStates_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetStates_Response__Output>): grpc.ClientUnaryCall;
  getStates(argument: _tfplugin6_GetStates_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_GetStates_Response__Output>): grpc.ClientUnaryCall;
  getStates(argument: _tfplugin6_GetStates_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_GetStates_Response__Output>): grpc.ClientUnaryCall;
  getStates(argument: _tfplugin6_GetStates_Request, callback: grpc.requestCallback<_tfplugin6_GetStates_Response__Output>): grpc.ClientUnaryCall;
  
  ImportResourceState(argument: _tfplugin6_ImportResourceState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ImportResourceState_Response__Output>): grpc.ClientUnaryCall;
  ImportResourceState(argument: _tfplugin6_ImportResourceState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ImportResourceState_Response__Output>): grpc.ClientUnaryCall;
  ImportResourceState(argument: _tfplugin6_ImportResourceState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ImportResourceState_Response__Output>): grpc.ClientUnaryCall;
  ImportResourceState(argument: _tfplugin6_ImportResourceState_Request, callback: grpc.requestCallback<_tfplugin6_ImportResourceState_Response__Output>): grpc.ClientUnaryCall;
  importResourceState(argument: _tfplugin6_ImportResourceState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ImportResourceState_Response__Output>): grpc.ClientUnaryCall;
  importResourceState(argument: _tfplugin6_ImportResourceState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ImportResourceState_Response__Output>): grpc.ClientUnaryCall;
  importResourceState(argument: _tfplugin6_ImportResourceState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ImportResourceState_Response__Output>): grpc.ClientUnaryCall;
  importResourceState(argument: _tfplugin6_ImportResourceState_Request, callback: grpc.requestCallback<_tfplugin6_ImportResourceState_Response__Output>): grpc.ClientUnaryCall;
  
  InvokeAction(argument: _tfplugin6_InvokeAction_Request, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_InvokeAction_Event__Output>;
  InvokeAction(argument: _tfplugin6_InvokeAction_Request, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_InvokeAction_Event__Output>;
  invokeAction(argument: _tfplugin6_InvokeAction_Request, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_InvokeAction_Event__Output>;
  invokeAction(argument: _tfplugin6_InvokeAction_Request, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_InvokeAction_Event__Output>;
  
  /**
   * List
   */
  ListResource(argument: _tfplugin6_ListResource_Request, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_ListResource_Event__Output>;
  ListResource(argument: _tfplugin6_ListResource_Request, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_ListResource_Event__Output>;
  /**
   * List
   */
  listResource(argument: _tfplugin6_ListResource_Request, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_ListResource_Event__Output>;
  listResource(argument: _tfplugin6_ListResource_Request, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_ListResource_Event__Output>;
  
  /**
   * LockState locks a given state (i.e. CE workspace)
   */
  LockState(argument: _tfplugin6_LockState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_LockState_Response__Output>): grpc.ClientUnaryCall;
  LockState(argument: _tfplugin6_LockState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_LockState_Response__Output>): grpc.ClientUnaryCall;
  LockState(argument: _tfplugin6_LockState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_LockState_Response__Output>): grpc.ClientUnaryCall;
  LockState(argument: _tfplugin6_LockState_Request, callback: grpc.requestCallback<_tfplugin6_LockState_Response__Output>): grpc.ClientUnaryCall;
  /**
   * LockState locks a given state (i.e. CE workspace)
   */
  lockState(argument: _tfplugin6_LockState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_LockState_Response__Output>): grpc.ClientUnaryCall;
  lockState(argument: _tfplugin6_LockState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_LockState_Response__Output>): grpc.ClientUnaryCall;
  lockState(argument: _tfplugin6_LockState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_LockState_Response__Output>): grpc.ClientUnaryCall;
  lockState(argument: _tfplugin6_LockState_Request, callback: grpc.requestCallback<_tfplugin6_LockState_Response__Output>): grpc.ClientUnaryCall;
  
  MoveResourceState(argument: _tfplugin6_MoveResourceState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_MoveResourceState_Response__Output>): grpc.ClientUnaryCall;
  MoveResourceState(argument: _tfplugin6_MoveResourceState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_MoveResourceState_Response__Output>): grpc.ClientUnaryCall;
  MoveResourceState(argument: _tfplugin6_MoveResourceState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_MoveResourceState_Response__Output>): grpc.ClientUnaryCall;
  MoveResourceState(argument: _tfplugin6_MoveResourceState_Request, callback: grpc.requestCallback<_tfplugin6_MoveResourceState_Response__Output>): grpc.ClientUnaryCall;
  moveResourceState(argument: _tfplugin6_MoveResourceState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_MoveResourceState_Response__Output>): grpc.ClientUnaryCall;
  moveResourceState(argument: _tfplugin6_MoveResourceState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_MoveResourceState_Response__Output>): grpc.ClientUnaryCall;
  moveResourceState(argument: _tfplugin6_MoveResourceState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_MoveResourceState_Response__Output>): grpc.ClientUnaryCall;
  moveResourceState(argument: _tfplugin6_MoveResourceState_Request, callback: grpc.requestCallback<_tfplugin6_MoveResourceState_Response__Output>): grpc.ClientUnaryCall;
  
  OpenEphemeralResource(argument: _tfplugin6_OpenEphemeralResource_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_OpenEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  OpenEphemeralResource(argument: _tfplugin6_OpenEphemeralResource_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_OpenEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  OpenEphemeralResource(argument: _tfplugin6_OpenEphemeralResource_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_OpenEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  OpenEphemeralResource(argument: _tfplugin6_OpenEphemeralResource_Request, callback: grpc.requestCallback<_tfplugin6_OpenEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  openEphemeralResource(argument: _tfplugin6_OpenEphemeralResource_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_OpenEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  openEphemeralResource(argument: _tfplugin6_OpenEphemeralResource_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_OpenEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  openEphemeralResource(argument: _tfplugin6_OpenEphemeralResource_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_OpenEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  openEphemeralResource(argument: _tfplugin6_OpenEphemeralResource_Request, callback: grpc.requestCallback<_tfplugin6_OpenEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * Actions
   */
  PlanAction(argument: _tfplugin6_PlanAction_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_PlanAction_Response__Output>): grpc.ClientUnaryCall;
  PlanAction(argument: _tfplugin6_PlanAction_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_PlanAction_Response__Output>): grpc.ClientUnaryCall;
  PlanAction(argument: _tfplugin6_PlanAction_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_PlanAction_Response__Output>): grpc.ClientUnaryCall;
  PlanAction(argument: _tfplugin6_PlanAction_Request, callback: grpc.requestCallback<_tfplugin6_PlanAction_Response__Output>): grpc.ClientUnaryCall;
  /**
   * Actions
   */
  planAction(argument: _tfplugin6_PlanAction_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_PlanAction_Response__Output>): grpc.ClientUnaryCall;
  planAction(argument: _tfplugin6_PlanAction_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_PlanAction_Response__Output>): grpc.ClientUnaryCall;
  planAction(argument: _tfplugin6_PlanAction_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_PlanAction_Response__Output>): grpc.ClientUnaryCall;
  planAction(argument: _tfplugin6_PlanAction_Request, callback: grpc.requestCallback<_tfplugin6_PlanAction_Response__Output>): grpc.ClientUnaryCall;
  
  PlanResourceChange(argument: _tfplugin6_PlanResourceChange_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_PlanResourceChange_Response__Output>): grpc.ClientUnaryCall;
  PlanResourceChange(argument: _tfplugin6_PlanResourceChange_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_PlanResourceChange_Response__Output>): grpc.ClientUnaryCall;
  PlanResourceChange(argument: _tfplugin6_PlanResourceChange_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_PlanResourceChange_Response__Output>): grpc.ClientUnaryCall;
  PlanResourceChange(argument: _tfplugin6_PlanResourceChange_Request, callback: grpc.requestCallback<_tfplugin6_PlanResourceChange_Response__Output>): grpc.ClientUnaryCall;
  planResourceChange(argument: _tfplugin6_PlanResourceChange_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_PlanResourceChange_Response__Output>): grpc.ClientUnaryCall;
  planResourceChange(argument: _tfplugin6_PlanResourceChange_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_PlanResourceChange_Response__Output>): grpc.ClientUnaryCall;
  planResourceChange(argument: _tfplugin6_PlanResourceChange_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_PlanResourceChange_Response__Output>): grpc.ClientUnaryCall;
  planResourceChange(argument: _tfplugin6_PlanResourceChange_Request, callback: grpc.requestCallback<_tfplugin6_PlanResourceChange_Response__Output>): grpc.ClientUnaryCall;
  
  ReadDataSource(argument: _tfplugin6_ReadDataSource_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ReadDataSource_Response__Output>): grpc.ClientUnaryCall;
  ReadDataSource(argument: _tfplugin6_ReadDataSource_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ReadDataSource_Response__Output>): grpc.ClientUnaryCall;
  ReadDataSource(argument: _tfplugin6_ReadDataSource_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ReadDataSource_Response__Output>): grpc.ClientUnaryCall;
  ReadDataSource(argument: _tfplugin6_ReadDataSource_Request, callback: grpc.requestCallback<_tfplugin6_ReadDataSource_Response__Output>): grpc.ClientUnaryCall;
  readDataSource(argument: _tfplugin6_ReadDataSource_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ReadDataSource_Response__Output>): grpc.ClientUnaryCall;
  readDataSource(argument: _tfplugin6_ReadDataSource_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ReadDataSource_Response__Output>): grpc.ClientUnaryCall;
  readDataSource(argument: _tfplugin6_ReadDataSource_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ReadDataSource_Response__Output>): grpc.ClientUnaryCall;
  readDataSource(argument: _tfplugin6_ReadDataSource_Request, callback: grpc.requestCallback<_tfplugin6_ReadDataSource_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * Managed Resource Lifecycle
   */
  ReadResource(argument: _tfplugin6_ReadResource_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ReadResource_Response__Output>): grpc.ClientUnaryCall;
  ReadResource(argument: _tfplugin6_ReadResource_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ReadResource_Response__Output>): grpc.ClientUnaryCall;
  ReadResource(argument: _tfplugin6_ReadResource_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ReadResource_Response__Output>): grpc.ClientUnaryCall;
  ReadResource(argument: _tfplugin6_ReadResource_Request, callback: grpc.requestCallback<_tfplugin6_ReadResource_Response__Output>): grpc.ClientUnaryCall;
  /**
   * Managed Resource Lifecycle
   */
  readResource(argument: _tfplugin6_ReadResource_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ReadResource_Response__Output>): grpc.ClientUnaryCall;
  readResource(argument: _tfplugin6_ReadResource_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ReadResource_Response__Output>): grpc.ClientUnaryCall;
  readResource(argument: _tfplugin6_ReadResource_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ReadResource_Response__Output>): grpc.ClientUnaryCall;
  readResource(argument: _tfplugin6_ReadResource_Request, callback: grpc.requestCallback<_tfplugin6_ReadResource_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * ReadStateBytes streams byte chunks of a given state file from a state store
   */
  ReadStateBytes(argument: _tfplugin6_ReadStateBytes_Request, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_ReadStateBytes_Response__Output>;
  ReadStateBytes(argument: _tfplugin6_ReadStateBytes_Request, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_ReadStateBytes_Response__Output>;
  /**
   * ReadStateBytes streams byte chunks of a given state file from a state store
   */
  readStateBytes(argument: _tfplugin6_ReadStateBytes_Request, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_ReadStateBytes_Response__Output>;
  readStateBytes(argument: _tfplugin6_ReadStateBytes_Request, options?: grpc.CallOptions): grpc.ClientReadableStream<_tfplugin6_ReadStateBytes_Response__Output>;
  
  RenewEphemeralResource(argument: _tfplugin6_RenewEphemeralResource_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_RenewEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  RenewEphemeralResource(argument: _tfplugin6_RenewEphemeralResource_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_RenewEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  RenewEphemeralResource(argument: _tfplugin6_RenewEphemeralResource_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_RenewEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  RenewEphemeralResource(argument: _tfplugin6_RenewEphemeralResource_Request, callback: grpc.requestCallback<_tfplugin6_RenewEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  renewEphemeralResource(argument: _tfplugin6_RenewEphemeralResource_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_RenewEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  renewEphemeralResource(argument: _tfplugin6_RenewEphemeralResource_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_RenewEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  renewEphemeralResource(argument: _tfplugin6_RenewEphemeralResource_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_RenewEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  renewEphemeralResource(argument: _tfplugin6_RenewEphemeralResource_Request, callback: grpc.requestCallback<_tfplugin6_RenewEphemeralResource_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * Graceful Shutdown
   */
  StopProvider(argument: _tfplugin6_StopProvider_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_StopProvider_Response__Output>): grpc.ClientUnaryCall;
  StopProvider(argument: _tfplugin6_StopProvider_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_StopProvider_Response__Output>): grpc.ClientUnaryCall;
  StopProvider(argument: _tfplugin6_StopProvider_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_StopProvider_Response__Output>): grpc.ClientUnaryCall;
  StopProvider(argument: _tfplugin6_StopProvider_Request, callback: grpc.requestCallback<_tfplugin6_StopProvider_Response__Output>): grpc.ClientUnaryCall;
  /**
   * Graceful Shutdown
   */
  stopProvider(argument: _tfplugin6_StopProvider_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_StopProvider_Response__Output>): grpc.ClientUnaryCall;
  stopProvider(argument: _tfplugin6_StopProvider_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_StopProvider_Response__Output>): grpc.ClientUnaryCall;
  stopProvider(argument: _tfplugin6_StopProvider_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_StopProvider_Response__Output>): grpc.ClientUnaryCall;
  stopProvider(argument: _tfplugin6_StopProvider_Request, callback: grpc.requestCallback<_tfplugin6_StopProvider_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * UnlockState unlocks a given state (i.e. CE workspace)
   */
  UnlockState(argument: _tfplugin6_UnlockState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UnlockState_Response__Output>): grpc.ClientUnaryCall;
  UnlockState(argument: _tfplugin6_UnlockState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_UnlockState_Response__Output>): grpc.ClientUnaryCall;
  UnlockState(argument: _tfplugin6_UnlockState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UnlockState_Response__Output>): grpc.ClientUnaryCall;
  UnlockState(argument: _tfplugin6_UnlockState_Request, callback: grpc.requestCallback<_tfplugin6_UnlockState_Response__Output>): grpc.ClientUnaryCall;
  /**
   * UnlockState unlocks a given state (i.e. CE workspace)
   */
  unlockState(argument: _tfplugin6_UnlockState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UnlockState_Response__Output>): grpc.ClientUnaryCall;
  unlockState(argument: _tfplugin6_UnlockState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_UnlockState_Response__Output>): grpc.ClientUnaryCall;
  unlockState(argument: _tfplugin6_UnlockState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UnlockState_Response__Output>): grpc.ClientUnaryCall;
  unlockState(argument: _tfplugin6_UnlockState_Request, callback: grpc.requestCallback<_tfplugin6_UnlockState_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * UpgradeResourceIdentityData should return the upgraded resource identity
   * data for a managed resource type.
   */
  UpgradeResourceIdentity(argument: _tfplugin6_UpgradeResourceIdentity_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceIdentity_Response__Output>): grpc.ClientUnaryCall;
  UpgradeResourceIdentity(argument: _tfplugin6_UpgradeResourceIdentity_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceIdentity_Response__Output>): grpc.ClientUnaryCall;
  UpgradeResourceIdentity(argument: _tfplugin6_UpgradeResourceIdentity_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceIdentity_Response__Output>): grpc.ClientUnaryCall;
  UpgradeResourceIdentity(argument: _tfplugin6_UpgradeResourceIdentity_Request, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceIdentity_Response__Output>): grpc.ClientUnaryCall;
  /**
   * UpgradeResourceIdentityData should return the upgraded resource identity
   * data for a managed resource type.
   */
  upgradeResourceIdentity(argument: _tfplugin6_UpgradeResourceIdentity_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceIdentity_Response__Output>): grpc.ClientUnaryCall;
  upgradeResourceIdentity(argument: _tfplugin6_UpgradeResourceIdentity_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceIdentity_Response__Output>): grpc.ClientUnaryCall;
  upgradeResourceIdentity(argument: _tfplugin6_UpgradeResourceIdentity_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceIdentity_Response__Output>): grpc.ClientUnaryCall;
  upgradeResourceIdentity(argument: _tfplugin6_UpgradeResourceIdentity_Request, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceIdentity_Response__Output>): grpc.ClientUnaryCall;
  
  UpgradeResourceState(argument: _tfplugin6_UpgradeResourceState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceState_Response__Output>): grpc.ClientUnaryCall;
  UpgradeResourceState(argument: _tfplugin6_UpgradeResourceState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceState_Response__Output>): grpc.ClientUnaryCall;
  UpgradeResourceState(argument: _tfplugin6_UpgradeResourceState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceState_Response__Output>): grpc.ClientUnaryCall;
  UpgradeResourceState(argument: _tfplugin6_UpgradeResourceState_Request, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceState_Response__Output>): grpc.ClientUnaryCall;
  upgradeResourceState(argument: _tfplugin6_UpgradeResourceState_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceState_Response__Output>): grpc.ClientUnaryCall;
  upgradeResourceState(argument: _tfplugin6_UpgradeResourceState_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceState_Response__Output>): grpc.ClientUnaryCall;
  upgradeResourceState(argument: _tfplugin6_UpgradeResourceState_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceState_Response__Output>): grpc.ClientUnaryCall;
  upgradeResourceState(argument: _tfplugin6_UpgradeResourceState_Request, callback: grpc.requestCallback<_tfplugin6_UpgradeResourceState_Response__Output>): grpc.ClientUnaryCall;
  
  ValidateActionConfig(argument: _tfplugin6_ValidateActionConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateActionConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateActionConfig(argument: _tfplugin6_ValidateActionConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateActionConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateActionConfig(argument: _tfplugin6_ValidateActionConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateActionConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateActionConfig(argument: _tfplugin6_ValidateActionConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateActionConfig_Response__Output>): grpc.ClientUnaryCall;
  validateActionConfig(argument: _tfplugin6_ValidateActionConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateActionConfig_Response__Output>): grpc.ClientUnaryCall;
  validateActionConfig(argument: _tfplugin6_ValidateActionConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateActionConfig_Response__Output>): grpc.ClientUnaryCall;
  validateActionConfig(argument: _tfplugin6_ValidateActionConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateActionConfig_Response__Output>): grpc.ClientUnaryCall;
  validateActionConfig(argument: _tfplugin6_ValidateActionConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateActionConfig_Response__Output>): grpc.ClientUnaryCall;
  
  ValidateDataResourceConfig(argument: _tfplugin6_ValidateDataResourceConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateDataResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateDataResourceConfig(argument: _tfplugin6_ValidateDataResourceConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateDataResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateDataResourceConfig(argument: _tfplugin6_ValidateDataResourceConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateDataResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateDataResourceConfig(argument: _tfplugin6_ValidateDataResourceConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateDataResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateDataResourceConfig(argument: _tfplugin6_ValidateDataResourceConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateDataResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateDataResourceConfig(argument: _tfplugin6_ValidateDataResourceConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateDataResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateDataResourceConfig(argument: _tfplugin6_ValidateDataResourceConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateDataResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateDataResourceConfig(argument: _tfplugin6_ValidateDataResourceConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateDataResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * Ephemeral Resource Lifecycle
   */
  ValidateEphemeralResourceConfig(argument: _tfplugin6_ValidateEphemeralResourceConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateEphemeralResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateEphemeralResourceConfig(argument: _tfplugin6_ValidateEphemeralResourceConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateEphemeralResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateEphemeralResourceConfig(argument: _tfplugin6_ValidateEphemeralResourceConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateEphemeralResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateEphemeralResourceConfig(argument: _tfplugin6_ValidateEphemeralResourceConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateEphemeralResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  /**
   * Ephemeral Resource Lifecycle
   */
  validateEphemeralResourceConfig(argument: _tfplugin6_ValidateEphemeralResourceConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateEphemeralResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateEphemeralResourceConfig(argument: _tfplugin6_ValidateEphemeralResourceConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateEphemeralResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateEphemeralResourceConfig(argument: _tfplugin6_ValidateEphemeralResourceConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateEphemeralResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateEphemeralResourceConfig(argument: _tfplugin6_ValidateEphemeralResourceConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateEphemeralResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  
  ValidateListResourceConfig(argument: _tfplugin6_ValidateListResourceConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateListResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateListResourceConfig(argument: _tfplugin6_ValidateListResourceConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateListResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateListResourceConfig(argument: _tfplugin6_ValidateListResourceConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateListResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateListResourceConfig(argument: _tfplugin6_ValidateListResourceConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateListResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateListResourceConfig(argument: _tfplugin6_ValidateListResourceConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateListResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateListResourceConfig(argument: _tfplugin6_ValidateListResourceConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateListResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateListResourceConfig(argument: _tfplugin6_ValidateListResourceConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateListResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateListResourceConfig(argument: _tfplugin6_ValidateListResourceConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateListResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  
  ValidateProviderConfig(argument: _tfplugin6_ValidateProviderConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateProviderConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateProviderConfig(argument: _tfplugin6_ValidateProviderConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateProviderConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateProviderConfig(argument: _tfplugin6_ValidateProviderConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateProviderConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateProviderConfig(argument: _tfplugin6_ValidateProviderConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateProviderConfig_Response__Output>): grpc.ClientUnaryCall;
  validateProviderConfig(argument: _tfplugin6_ValidateProviderConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateProviderConfig_Response__Output>): grpc.ClientUnaryCall;
  validateProviderConfig(argument: _tfplugin6_ValidateProviderConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateProviderConfig_Response__Output>): grpc.ClientUnaryCall;
  validateProviderConfig(argument: _tfplugin6_ValidateProviderConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateProviderConfig_Response__Output>): grpc.ClientUnaryCall;
  validateProviderConfig(argument: _tfplugin6_ValidateProviderConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateProviderConfig_Response__Output>): grpc.ClientUnaryCall;
  
  ValidateResourceConfig(argument: _tfplugin6_ValidateResourceConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateResourceConfig(argument: _tfplugin6_ValidateResourceConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateResourceConfig(argument: _tfplugin6_ValidateResourceConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  ValidateResourceConfig(argument: _tfplugin6_ValidateResourceConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateResourceConfig(argument: _tfplugin6_ValidateResourceConfig_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateResourceConfig(argument: _tfplugin6_ValidateResourceConfig_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateResourceConfig(argument: _tfplugin6_ValidateResourceConfig_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  validateResourceConfig(argument: _tfplugin6_ValidateResourceConfig_Request, callback: grpc.requestCallback<_tfplugin6_ValidateResourceConfig_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * ValidateStateStoreConfig performs configuration validation
   */
  ValidateStateStoreConfig(argument: _tfplugin6_ValidateStateStore_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateStateStore_Response__Output>): grpc.ClientUnaryCall;
  ValidateStateStoreConfig(argument: _tfplugin6_ValidateStateStore_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateStateStore_Response__Output>): grpc.ClientUnaryCall;
  ValidateStateStoreConfig(argument: _tfplugin6_ValidateStateStore_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateStateStore_Response__Output>): grpc.ClientUnaryCall;
  ValidateStateStoreConfig(argument: _tfplugin6_ValidateStateStore_Request, callback: grpc.requestCallback<_tfplugin6_ValidateStateStore_Response__Output>): grpc.ClientUnaryCall;
  /**
   * ValidateStateStoreConfig performs configuration validation
   */
  validateStateStoreConfig(argument: _tfplugin6_ValidateStateStore_Request, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateStateStore_Response__Output>): grpc.ClientUnaryCall;
  validateStateStoreConfig(argument: _tfplugin6_ValidateStateStore_Request, metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_ValidateStateStore_Response__Output>): grpc.ClientUnaryCall;
  validateStateStoreConfig(argument: _tfplugin6_ValidateStateStore_Request, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_ValidateStateStore_Response__Output>): grpc.ClientUnaryCall;
  validateStateStoreConfig(argument: _tfplugin6_ValidateStateStore_Request, callback: grpc.requestCallback<_tfplugin6_ValidateStateStore_Response__Output>): grpc.ClientUnaryCall;
  
  /**
   * WriteStateBytes streams byte chunks of a given state file into a state store
   */
  WriteStateBytes(metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_WriteStateBytes_Response__Output>): grpc.ClientWritableStream<_tfplugin6_WriteStateBytes_RequestChunk>;
  WriteStateBytes(metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_WriteStateBytes_Response__Output>): grpc.ClientWritableStream<_tfplugin6_WriteStateBytes_RequestChunk>;
  WriteStateBytes(options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_WriteStateBytes_Response__Output>): grpc.ClientWritableStream<_tfplugin6_WriteStateBytes_RequestChunk>;
  WriteStateBytes(callback: grpc.requestCallback<_tfplugin6_WriteStateBytes_Response__Output>): grpc.ClientWritableStream<_tfplugin6_WriteStateBytes_RequestChunk>;
  /**
   * WriteStateBytes streams byte chunks of a given state file into a state store
   */
  writeStateBytes(metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_WriteStateBytes_Response__Output>): grpc.ClientWritableStream<_tfplugin6_WriteStateBytes_RequestChunk>;
  writeStateBytes(metadata: grpc.Metadata, callback: grpc.requestCallback<_tfplugin6_WriteStateBytes_Response__Output>): grpc.ClientWritableStream<_tfplugin6_WriteStateBytes_RequestChunk>;
  writeStateBytes(options: grpc.CallOptions, callback: grpc.requestCallback<_tfplugin6_WriteStateBytes_Response__Output>): grpc.ClientWritableStream<_tfplugin6_WriteStateBytes_RequestChunk>;
  writeStateBytes(callback: grpc.requestCallback<_tfplugin6_WriteStateBytes_Response__Output>): grpc.ClientWritableStream<_tfplugin6_WriteStateBytes_RequestChunk>;
  
}

export interface ProviderHandlers extends grpc.UntypedServiceImplementation {
  ApplyResourceChange: grpc.handleUnaryCall<_tfplugin6_ApplyResourceChange_Request__Output, _tfplugin6_ApplyResourceChange_Response>;
  
  /**
   * Provider-contributed Functions
   */
  CallFunction: grpc.handleUnaryCall<_tfplugin6_CallFunction_Request__Output, _tfplugin6_CallFunction_Response>;
  
  CloseEphemeralResource: grpc.handleUnaryCall<_tfplugin6_CloseEphemeralResource_Request__Output, _tfplugin6_CloseEphemeralResource_Response>;
  
  /**
   * One-time initialization, called before other functions below
   */
  ConfigureProvider: grpc.handleUnaryCall<_tfplugin6_ConfigureProvider_Request__Output, _tfplugin6_ConfigureProvider_Response>;
  
  /**
   * ConfigureStateStore configures the state store, such as S3 connection in the context of already configured provider
   */
  ConfigureStateStore: grpc.handleUnaryCall<_tfplugin6_ConfigureStateStore_Request__Output, _tfplugin6_ConfigureStateStore_Response>;
  
  /**
   * DeleteState instructs a given state store to delete a specific state (i.e. a CE workspace)
   */
  DeleteState: grpc.handleUnaryCall<_tfplugin6_DeleteState_Request__Output, _tfplugin6_DeleteState_Response>;
  
  GenerateResourceConfig: grpc.handleUnaryCall<_tfplugin6_GenerateResourceConfig_Request__Output, _tfplugin6_GenerateResourceConfig_Response>;
  
  /**
   * GetFunctions returns the definitions of all functions.
   */
  GetFunctions: grpc.handleUnaryCall<_tfplugin6_GetFunctions_Request__Output, _tfplugin6_GetFunctions_Response>;
  
  /**
   * GetMetadata returns upfront information about server capabilities and
   * supported resource types without requiring the server to instantiate all
   * schema information, which may be memory intensive.
   * This method is CURRENTLY UNUSED and it serves mostly for convenience
   * of code generation inside of terraform-plugin-mux.
   */
  GetMetadata: grpc.handleUnaryCall<_tfplugin6_GetMetadata_Request__Output, _tfplugin6_GetMetadata_Response>;
  
  /**
   * GetSchema returns schema information for the provider, data resources,
   * and managed resources.
   */
  GetProviderSchema: grpc.handleUnaryCall<_tfplugin6_GetProviderSchema_Request__Output, _tfplugin6_GetProviderSchema_Response>;
  
  /**
   * GetResourceIdentitySchemas returns the identity schemas for all managed
   * resources.
   */
  GetResourceIdentitySchemas: grpc.handleUnaryCall<_tfplugin6_GetResourceIdentitySchemas_Request__Output, _tfplugin6_GetResourceIdentitySchemas_Response>;
  
  /**
   * GetStates returns a list of all states (i.e. CE workspaces) managed by a given state store
   */
  GetStates: grpc.handleUnaryCall<_tfplugin6_GetStates_Request__Output, _tfplugin6_GetStates_Response>;
  
  ImportResourceState: grpc.handleUnaryCall<_tfplugin6_ImportResourceState_Request__Output, _tfplugin6_ImportResourceState_Response>;
  
  InvokeAction: grpc.handleServerStreamingCall<_tfplugin6_InvokeAction_Request__Output, _tfplugin6_InvokeAction_Event>;
  
  /**
   * List
   */
  ListResource: grpc.handleServerStreamingCall<_tfplugin6_ListResource_Request__Output, _tfplugin6_ListResource_Event>;
  
  /**
   * LockState locks a given state (i.e. CE workspace)
   */
  LockState: grpc.handleUnaryCall<_tfplugin6_LockState_Request__Output, _tfplugin6_LockState_Response>;
  
  MoveResourceState: grpc.handleUnaryCall<_tfplugin6_MoveResourceState_Request__Output, _tfplugin6_MoveResourceState_Response>;
  
  OpenEphemeralResource: grpc.handleUnaryCall<_tfplugin6_OpenEphemeralResource_Request__Output, _tfplugin6_OpenEphemeralResource_Response>;
  
  /**
   * Actions
   */
  PlanAction: grpc.handleUnaryCall<_tfplugin6_PlanAction_Request__Output, _tfplugin6_PlanAction_Response>;
  
  PlanResourceChange: grpc.handleUnaryCall<_tfplugin6_PlanResourceChange_Request__Output, _tfplugin6_PlanResourceChange_Response>;
  
  ReadDataSource: grpc.handleUnaryCall<_tfplugin6_ReadDataSource_Request__Output, _tfplugin6_ReadDataSource_Response>;
  
  /**
   * Managed Resource Lifecycle
   */
  ReadResource: grpc.handleUnaryCall<_tfplugin6_ReadResource_Request__Output, _tfplugin6_ReadResource_Response>;
  
  /**
   * ReadStateBytes streams byte chunks of a given state file from a state store
   */
  ReadStateBytes: grpc.handleServerStreamingCall<_tfplugin6_ReadStateBytes_Request__Output, _tfplugin6_ReadStateBytes_Response>;
  
  RenewEphemeralResource: grpc.handleUnaryCall<_tfplugin6_RenewEphemeralResource_Request__Output, _tfplugin6_RenewEphemeralResource_Response>;
  
  /**
   * Graceful Shutdown
   */
  StopProvider: grpc.handleUnaryCall<_tfplugin6_StopProvider_Request__Output, _tfplugin6_StopProvider_Response>;
  
  /**
   * UnlockState unlocks a given state (i.e. CE workspace)
   */
  UnlockState: grpc.handleUnaryCall<_tfplugin6_UnlockState_Request__Output, _tfplugin6_UnlockState_Response>;
  
  /**
   * UpgradeResourceIdentityData should return the upgraded resource identity
   * data for a managed resource type.
   */
  UpgradeResourceIdentity: grpc.handleUnaryCall<_tfplugin6_UpgradeResourceIdentity_Request__Output, _tfplugin6_UpgradeResourceIdentity_Response>;
  
  UpgradeResourceState: grpc.handleUnaryCall<_tfplugin6_UpgradeResourceState_Request__Output, _tfplugin6_UpgradeResourceState_Response>;
  
  ValidateActionConfig: grpc.handleUnaryCall<_tfplugin6_ValidateActionConfig_Request__Output, _tfplugin6_ValidateActionConfig_Response>;
  
  ValidateDataResourceConfig: grpc.handleUnaryCall<_tfplugin6_ValidateDataResourceConfig_Request__Output, _tfplugin6_ValidateDataResourceConfig_Response>;
  
  /**
   * Ephemeral Resource Lifecycle
   */
  ValidateEphemeralResourceConfig: grpc.handleUnaryCall<_tfplugin6_ValidateEphemeralResourceConfig_Request__Output, _tfplugin6_ValidateEphemeralResourceConfig_Response>;
  
  ValidateListResourceConfig: grpc.handleUnaryCall<_tfplugin6_ValidateListResourceConfig_Request__Output, _tfplugin6_ValidateListResourceConfig_Response>;
  
  ValidateProviderConfig: grpc.handleUnaryCall<_tfplugin6_ValidateProviderConfig_Request__Output, _tfplugin6_ValidateProviderConfig_Response>;
  
  ValidateResourceConfig: grpc.handleUnaryCall<_tfplugin6_ValidateResourceConfig_Request__Output, _tfplugin6_ValidateResourceConfig_Response>;
  
  /**
   * ValidateStateStoreConfig performs configuration validation
   */
  ValidateStateStoreConfig: grpc.handleUnaryCall<_tfplugin6_ValidateStateStore_Request__Output, _tfplugin6_ValidateStateStore_Response>;
  
  /**
   * WriteStateBytes streams byte chunks of a given state file into a state store
   */
  WriteStateBytes: grpc.handleClientStreamingCall<_tfplugin6_WriteStateBytes_RequestChunk__Output, _tfplugin6_WriteStateBytes_Response>;
  
}

export interface ProviderDefinition extends grpc.ServiceDefinition {
  ApplyResourceChange: MethodDefinition<_tfplugin6_ApplyResourceChange_Request, _tfplugin6_ApplyResourceChange_Response, _tfplugin6_ApplyResourceChange_Request__Output, _tfplugin6_ApplyResourceChange_Response__Output>
  CallFunction: MethodDefinition<_tfplugin6_CallFunction_Request, _tfplugin6_CallFunction_Response, _tfplugin6_CallFunction_Request__Output, _tfplugin6_CallFunction_Response__Output>
  CloseEphemeralResource: MethodDefinition<_tfplugin6_CloseEphemeralResource_Request, _tfplugin6_CloseEphemeralResource_Response, _tfplugin6_CloseEphemeralResource_Request__Output, _tfplugin6_CloseEphemeralResource_Response__Output>
  ConfigureProvider: MethodDefinition<_tfplugin6_ConfigureProvider_Request, _tfplugin6_ConfigureProvider_Response, _tfplugin6_ConfigureProvider_Request__Output, _tfplugin6_ConfigureProvider_Response__Output>
  ConfigureStateStore: MethodDefinition<_tfplugin6_ConfigureStateStore_Request, _tfplugin6_ConfigureStateStore_Response, _tfplugin6_ConfigureStateStore_Request__Output, _tfplugin6_ConfigureStateStore_Response__Output>
  DeleteState: MethodDefinition<_tfplugin6_DeleteState_Request, _tfplugin6_DeleteState_Response, _tfplugin6_DeleteState_Request__Output, _tfplugin6_DeleteState_Response__Output>
  GenerateResourceConfig: MethodDefinition<_tfplugin6_GenerateResourceConfig_Request, _tfplugin6_GenerateResourceConfig_Response, _tfplugin6_GenerateResourceConfig_Request__Output, _tfplugin6_GenerateResourceConfig_Response__Output>
  GetFunctions: MethodDefinition<_tfplugin6_GetFunctions_Request, _tfplugin6_GetFunctions_Response, _tfplugin6_GetFunctions_Request__Output, _tfplugin6_GetFunctions_Response__Output>
  GetMetadata: MethodDefinition<_tfplugin6_GetMetadata_Request, _tfplugin6_GetMetadata_Response, _tfplugin6_GetMetadata_Request__Output, _tfplugin6_GetMetadata_Response__Output>
  GetProviderSchema: MethodDefinition<_tfplugin6_GetProviderSchema_Request, _tfplugin6_GetProviderSchema_Response, _tfplugin6_GetProviderSchema_Request__Output, _tfplugin6_GetProviderSchema_Response__Output>
  GetResourceIdentitySchemas: MethodDefinition<_tfplugin6_GetResourceIdentitySchemas_Request, _tfplugin6_GetResourceIdentitySchemas_Response, _tfplugin6_GetResourceIdentitySchemas_Request__Output, _tfplugin6_GetResourceIdentitySchemas_Response__Output>
  GetStates: MethodDefinition<_tfplugin6_GetStates_Request, _tfplugin6_GetStates_Response, _tfplugin6_GetStates_Request__Output, _tfplugin6_GetStates_Response__Output>
  ImportResourceState: MethodDefinition<_tfplugin6_ImportResourceState_Request, _tfplugin6_ImportResourceState_Response, _tfplugin6_ImportResourceState_Request__Output, _tfplugin6_ImportResourceState_Response__Output>
  InvokeAction: MethodDefinition<_tfplugin6_InvokeAction_Request, _tfplugin6_InvokeAction_Event, _tfplugin6_InvokeAction_Request__Output, _tfplugin6_InvokeAction_Event__Output>
  ListResource: MethodDefinition<_tfplugin6_ListResource_Request, _tfplugin6_ListResource_Event, _tfplugin6_ListResource_Request__Output, _tfplugin6_ListResource_Event__Output>
  LockState: MethodDefinition<_tfplugin6_LockState_Request, _tfplugin6_LockState_Response, _tfplugin6_LockState_Request__Output, _tfplugin6_LockState_Response__Output>
  MoveResourceState: MethodDefinition<_tfplugin6_MoveResourceState_Request, _tfplugin6_MoveResourceState_Response, _tfplugin6_MoveResourceState_Request__Output, _tfplugin6_MoveResourceState_Response__Output>
  OpenEphemeralResource: MethodDefinition<_tfplugin6_OpenEphemeralResource_Request, _tfplugin6_OpenEphemeralResource_Response, _tfplugin6_OpenEphemeralResource_Request__Output, _tfplugin6_OpenEphemeralResource_Response__Output>
  PlanAction: MethodDefinition<_tfplugin6_PlanAction_Request, _tfplugin6_PlanAction_Response, _tfplugin6_PlanAction_Request__Output, _tfplugin6_PlanAction_Response__Output>
  PlanResourceChange: MethodDefinition<_tfplugin6_PlanResourceChange_Request, _tfplugin6_PlanResourceChange_Response, _tfplugin6_PlanResourceChange_Request__Output, _tfplugin6_PlanResourceChange_Response__Output>
  ReadDataSource: MethodDefinition<_tfplugin6_ReadDataSource_Request, _tfplugin6_ReadDataSource_Response, _tfplugin6_ReadDataSource_Request__Output, _tfplugin6_ReadDataSource_Response__Output>
  ReadResource: MethodDefinition<_tfplugin6_ReadResource_Request, _tfplugin6_ReadResource_Response, _tfplugin6_ReadResource_Request__Output, _tfplugin6_ReadResource_Response__Output>
  ReadStateBytes: MethodDefinition<_tfplugin6_ReadStateBytes_Request, _tfplugin6_ReadStateBytes_Response, _tfplugin6_ReadStateBytes_Request__Output, _tfplugin6_ReadStateBytes_Response__Output>
  RenewEphemeralResource: MethodDefinition<_tfplugin6_RenewEphemeralResource_Request, _tfplugin6_RenewEphemeralResource_Response, _tfplugin6_RenewEphemeralResource_Request__Output, _tfplugin6_RenewEphemeralResource_Response__Output>
  StopProvider: MethodDefinition<_tfplugin6_StopProvider_Request, _tfplugin6_StopProvider_Response, _tfplugin6_StopProvider_Request__Output, _tfplugin6_StopProvider_Response__Output>
  UnlockState: MethodDefinition<_tfplugin6_UnlockState_Request, _tfplugin6_UnlockState_Response, _tfplugin6_UnlockState_Request__Output, _tfplugin6_UnlockState_Response__Output>
  UpgradeResourceIdentity: MethodDefinition<_tfplugin6_UpgradeResourceIdentity_Request, _tfplugin6_UpgradeResourceIdentity_Response, _tfplugin6_UpgradeResourceIdentity_Request__Output, _tfplugin6_UpgradeResourceIdentity_Response__Output>
  UpgradeResourceState: MethodDefinition<_tfplugin6_UpgradeResourceState_Request, _tfplugin6_UpgradeResourceState_Response, _tfplugin6_UpgradeResourceState_Request__Output, _tfplugin6_UpgradeResourceState_Response__Output>
  ValidateActionConfig: MethodDefinition<_tfplugin6_ValidateActionConfig_Request, _tfplugin6_ValidateActionConfig_Response, _tfplugin6_ValidateActionConfig_Request__Output, _tfplugin6_ValidateActionConfig_Response__Output>
  ValidateDataResourceConfig: MethodDefinition<_tfplugin6_ValidateDataResourceConfig_Request, _tfplugin6_ValidateDataResourceConfig_Response, _tfplugin6_ValidateDataResourceConfig_Request__Output, _tfplugin6_ValidateDataResourceConfig_Response__Output>
  ValidateEphemeralResourceConfig: MethodDefinition<_tfplugin6_ValidateEphemeralResourceConfig_Request, _tfplugin6_ValidateEphemeralResourceConfig_Response, _tfplugin6_ValidateEphemeralResourceConfig_Request__Output, _tfplugin6_ValidateEphemeralResourceConfig_Response__Output>
  ValidateListResourceConfig: MethodDefinition<_tfplugin6_ValidateListResourceConfig_Request, _tfplugin6_ValidateListResourceConfig_Response, _tfplugin6_ValidateListResourceConfig_Request__Output, _tfplugin6_ValidateListResourceConfig_Response__Output>
  ValidateProviderConfig: MethodDefinition<_tfplugin6_ValidateProviderConfig_Request, _tfplugin6_ValidateProviderConfig_Response, _tfplugin6_ValidateProviderConfig_Request__Output, _tfplugin6_ValidateProviderConfig_Response__Output>
  ValidateResourceConfig: MethodDefinition<_tfplugin6_ValidateResourceConfig_Request, _tfplugin6_ValidateResourceConfig_Response, _tfplugin6_ValidateResourceConfig_Request__Output, _tfplugin6_ValidateResourceConfig_Response__Output>
  ValidateStateStoreConfig: MethodDefinition<_tfplugin6_ValidateStateStore_Request, _tfplugin6_ValidateStateStore_Response, _tfplugin6_ValidateStateStore_Request__Output, _tfplugin6_ValidateStateStore_Response__Output>
  WriteStateBytes: MethodDefinition<_tfplugin6_WriteStateBytes_RequestChunk, _tfplugin6_WriteStateBytes_Response, _tfplugin6_WriteStateBytes_RequestChunk__Output, _tfplugin6_WriteStateBytes_Response__Output>
}
