// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { ClientCapabilities as _tfplugin6_ClientCapabilities, ClientCapabilities__Output as _tfplugin6_ClientCapabilities__Output } from '../tfplugin6/ClientCapabilities.js';
import type { ResourceIdentityData as _tfplugin6_ResourceIdentityData, ResourceIdentityData__Output as _tfplugin6_ResourceIdentityData__Output } from '../tfplugin6/ResourceIdentityData.js';
import type { AttributePath as _tfplugin6_AttributePath, AttributePath__Output as _tfplugin6_AttributePath__Output } from '../tfplugin6/AttributePath.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Deferred as _tfplugin6_Deferred, Deferred__Output as _tfplugin6_Deferred__Output } from '../tfplugin6/Deferred.js';

export interface _tfplugin6_PlanResourceChange_Request {
  'typeName'?: (string);
  'priorState'?: (_tfplugin6_DynamicValue | null);
  'proposedNewState'?: (_tfplugin6_DynamicValue | null);
  'config'?: (_tfplugin6_DynamicValue | null);
  'priorPrivate'?: (Buffer | Uint8Array | string);
  'providerMeta'?: (_tfplugin6_DynamicValue | null);
  'clientCapabilities'?: (_tfplugin6_ClientCapabilities | null);
  'priorIdentity'?: (_tfplugin6_ResourceIdentityData | null);
}

export interface _tfplugin6_PlanResourceChange_Request__Output {
  'typeName': (string);
  'priorState': (_tfplugin6_DynamicValue__Output | null);
  'proposedNewState': (_tfplugin6_DynamicValue__Output | null);
  'config': (_tfplugin6_DynamicValue__Output | null);
  'priorPrivate': (Buffer);
  'providerMeta': (_tfplugin6_DynamicValue__Output | null);
  'clientCapabilities': (_tfplugin6_ClientCapabilities__Output | null);
  'priorIdentity': (_tfplugin6_ResourceIdentityData__Output | null);
}

export interface _tfplugin6_PlanResourceChange_Response {
  'plannedState'?: (_tfplugin6_DynamicValue | null);
  'requiresReplace'?: (_tfplugin6_AttributePath)[];
  'plannedPrivate'?: (Buffer | Uint8Array | string);
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  /**
   * This may be set only by the helper/schema "SDK" in the main Terraform
   * repository, to request that Terraform Core >=0.12 permit additional
   * inconsistencies that can result from the legacy SDK type system
   * and its imprecise mapping to the >=0.12 type system.
   * The change in behavior implied by this flag makes sense only for the
   * specific details of the legacy SDK type system, and are not a general
   * mechanism to avoid proper type handling in providers.
   * 
   * ====              DO NOT USE THIS              ====
   * ==== THIS MUST BE LEFT UNSET IN ALL OTHER SDKS ====
   * ====              DO NOT USE THIS              ====
   */
  'legacyTypeSystem'?: (boolean);
  /**
   * deferred is set if the provider is deferring the change. If set the caller
   * needs to handle the deferral.
   */
  'deferred'?: (_tfplugin6_Deferred | null);
  'plannedIdentity'?: (_tfplugin6_ResourceIdentityData | null);
}

export interface _tfplugin6_PlanResourceChange_Response__Output {
  'plannedState': (_tfplugin6_DynamicValue__Output | null);
  'requiresReplace': (_tfplugin6_AttributePath__Output)[];
  'plannedPrivate': (Buffer);
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  /**
   * This may be set only by the helper/schema "SDK" in the main Terraform
   * repository, to request that Terraform Core >=0.12 permit additional
   * inconsistencies that can result from the legacy SDK type system
   * and its imprecise mapping to the >=0.12 type system.
   * The change in behavior implied by this flag makes sense only for the
   * specific details of the legacy SDK type system, and are not a general
   * mechanism to avoid proper type handling in providers.
   * 
   * ====              DO NOT USE THIS              ====
   * ==== THIS MUST BE LEFT UNSET IN ALL OTHER SDKS ====
   * ====              DO NOT USE THIS              ====
   */
  'legacyTypeSystem': (boolean);
  /**
   * deferred is set if the provider is deferring the change. If set the caller
   * needs to handle the deferral.
   */
  'deferred': (_tfplugin6_Deferred__Output | null);
  'plannedIdentity': (_tfplugin6_ResourceIdentityData__Output | null);
}

export interface PlanResourceChange {
}

export interface PlanResourceChange__Output {
}
