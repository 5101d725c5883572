// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { ResourceIdentityData as _tfplugin6_ResourceIdentityData, ResourceIdentityData__Output as _tfplugin6_ResourceIdentityData__Output } from '../tfplugin6/ResourceIdentityData.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_ApplyResourceChange_Request {
  'typeName'?: (string);
  'priorState'?: (_tfplugin6_DynamicValue | null);
  'plannedState'?: (_tfplugin6_DynamicValue | null);
  'config'?: (_tfplugin6_DynamicValue | null);
  'plannedPrivate'?: (Buffer | Uint8Array | string);
  'providerMeta'?: (_tfplugin6_DynamicValue | null);
  'plannedIdentity'?: (_tfplugin6_ResourceIdentityData | null);
}

export interface _tfplugin6_ApplyResourceChange_Request__Output {
  'typeName': (string);
  'priorState': (_tfplugin6_DynamicValue__Output | null);
  'plannedState': (_tfplugin6_DynamicValue__Output | null);
  'config': (_tfplugin6_DynamicValue__Output | null);
  'plannedPrivate': (Buffer);
  'providerMeta': (_tfplugin6_DynamicValue__Output | null);
  'plannedIdentity': (_tfplugin6_ResourceIdentityData__Output | null);
}

export interface _tfplugin6_ApplyResourceChange_Response {
  'newState'?: (_tfplugin6_DynamicValue | null);
  'private'?: (Buffer | Uint8Array | string);
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
  'newIdentity'?: (_tfplugin6_ResourceIdentityData | null);
}

export interface _tfplugin6_ApplyResourceChange_Response__Output {
  'newState': (_tfplugin6_DynamicValue__Output | null);
  'private': (Buffer);
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
  'newIdentity': (_tfplugin6_ResourceIdentityData__Output | null);
}

export interface ApplyResourceChange {
}

export interface ApplyResourceChange__Output {
}
