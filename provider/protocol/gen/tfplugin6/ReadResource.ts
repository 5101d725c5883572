// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { ClientCapabilities as _tfplugin6_ClientCapabilities, ClientCapabilities__Output as _tfplugin6_ClientCapabilities__Output } from '../tfplugin6/ClientCapabilities.js';
import type { ResourceIdentityData as _tfplugin6_ResourceIdentityData, ResourceIdentityData__Output as _tfplugin6_ResourceIdentityData__Output } from '../tfplugin6/ResourceIdentityData.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Deferred as _tfplugin6_Deferred, Deferred__Output as _tfplugin6_Deferred__Output } from '../tfplugin6/Deferred.js';

/**
 * Request is the message that is sent to the provider during the
 * ReadResource RPC.
 * 
 * This message intentionally does not include configuration data as any
 * configuration-based or configuration-conditional changes should occur
 * during the PlanResourceChange RPC. Additionally, the configuration is
 * not guaranteed to be wholly known nor match the given prior state, which
 * could lead to unexpected provider behaviors for practitioners.
 */
export interface _tfplugin6_ReadResource_Request {
  'typeName'?: (string);
  'currentState'?: (_tfplugin6_DynamicValue | null);
  'private'?: (Buffer | Uint8Array | string);
  'providerMeta'?: (_tfplugin6_DynamicValue | null);
  'clientCapabilities'?: (_tfplugin6_ClientCapabilities | null);
  'currentIdentity'?: (_tfplugin6_ResourceIdentityData | null);
}

/**
 * Request is the message that is sent to the provider during the
 * ReadResource RPC.
 * 
 * This message intentionally does not include configuration data as any
 * configuration-based or configuration-conditional changes should occur
 * during the PlanResourceChange RPC. Additionally, the configuration is
 * not guaranteed to be wholly known nor match the given prior state, which
 * could lead to unexpected provider behaviors for practitioners.
 */
export interface _tfplugin6_ReadResource_Request__Output {
  'typeName': (string);
  'currentState': (_tfplugin6_DynamicValue__Output | null);
  'private': (Buffer);
  'providerMeta': (_tfplugin6_DynamicValue__Output | null);
  'clientCapabilities': (_tfplugin6_ClientCapabilities__Output | null);
  'currentIdentity': (_tfplugin6_ResourceIdentityData__Output | null);
}

export interface _tfplugin6_ReadResource_Response {
  'newState'?: (_tfplugin6_DynamicValue | null);
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  'private'?: (Buffer | Uint8Array | string);
  /**
   * deferred is set if the provider is deferring the change. If set the caller
   * needs to handle the deferral.
   */
  'deferred'?: (_tfplugin6_Deferred | null);
  'newIdentity'?: (_tfplugin6_ResourceIdentityData | null);
}

export interface _tfplugin6_ReadResource_Response__Output {
  'newState': (_tfplugin6_DynamicValue__Output | null);
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  'private': (Buffer);
  /**
   * deferred is set if the provider is deferring the change. If set the caller
   * needs to handle the deferral.
   */
  'deferred': (_tfplugin6_Deferred__Output | null);
  'newIdentity': (_tfplugin6_ResourceIdentityData__Output | null);
}

export interface ReadResource {
}

export interface ReadResource__Output {
}
