// Original file: tfplugin6.10.proto

import type { ClientCapabilities as _tfplugin6_ClientCapabilities, ClientCapabilities__Output as _tfplugin6_ClientCapabilities__Output } from '../tfplugin6/ClientCapabilities.js';
import type { ResourceIdentityData as _tfplugin6_ResourceIdentityData, ResourceIdentityData__Output as _tfplugin6_ResourceIdentityData__Output } from '../tfplugin6/ResourceIdentityData.js';
import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Deferred as _tfplugin6_Deferred, Deferred__Output as _tfplugin6_Deferred__Output } from '../tfplugin6/Deferred.js';

export interface _tfplugin6_ImportResourceState_ImportedResource {
  'typeName'?: (string);
  'state'?: (_tfplugin6_DynamicValue | null);
  'private'?: (Buffer | Uint8Array | string);
  'identity'?: (_tfplugin6_ResourceIdentityData | null);
}

export interface _tfplugin6_ImportResourceState_ImportedResource__Output {
  'typeName': (string);
  'state': (_tfplugin6_DynamicValue__Output | null);
  'private': (Buffer);
  'identity': (_tfplugin6_ResourceIdentityData__Output | null);
}

export interface _tfplugin6_ImportResourceState_Request {
  'typeName'?: (string);
  'id'?: (string);
  'clientCapabilities'?: (_tfplugin6_ClientCapabilities | null);
  'identity'?: (_tfplugin6_ResourceIdentityData | null);
}

export interface _tfplugin6_ImportResourceState_Request__Output {
  'typeName': (string);
  'id': (string);
  'clientCapabilities': (_tfplugin6_ClientCapabilities__Output | null);
  'identity': (_tfplugin6_ResourceIdentityData__Output | null);
}

export interface _tfplugin6_ImportResourceState_Response {
  'importedResources'?: (_tfplugin6_ImportResourceState_ImportedResource)[];
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  /**
   * deferred is set if the provider is deferring the change. If set the caller
   * needs to handle the deferral.
   */
  'deferred'?: (_tfplugin6_Deferred | null);
}

export interface _tfplugin6_ImportResourceState_Response__Output {
  'importedResources': (_tfplugin6_ImportResourceState_ImportedResource__Output)[];
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  /**
   * deferred is set if the provider is deferring the change. If set the caller
   * needs to handle the deferral.
   */
  'deferred': (_tfplugin6_Deferred__Output | null);
}

export interface ImportResourceState {
}

export interface ImportResourceState__Output {
}
