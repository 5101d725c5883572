// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { ClientCapabilities as _tfplugin6_ClientCapabilities, ClientCapabilities__Output as _tfplugin6_ClientCapabilities__Output } from '../tfplugin6/ClientCapabilities.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Deferred as _tfplugin6_Deferred, Deferred__Output as _tfplugin6_Deferred__Output } from '../tfplugin6/Deferred.js';

export interface _tfplugin6_ReadDataSource_Request {
  'typeName'?: (string);
  'config'?: (_tfplugin6_DynamicValue | null);
  'providerMeta'?: (_tfplugin6_DynamicValue | null);
  'clientCapabilities'?: (_tfplugin6_ClientCapabilities | null);
}

export interface _tfplugin6_ReadDataSource_Request__Output {
  'typeName': (string);
  'config': (_tfplugin6_DynamicValue__Output | null);
  'providerMeta': (_tfplugin6_DynamicValue__Output | null);
  'clientCapabilities': (_tfplugin6_ClientCapabilities__Output | null);
}

export interface _tfplugin6_ReadDataSource_Response {
  'state'?: (_tfplugin6_DynamicValue | null);
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  /**
   * deferred is set if the provider is deferring the change. If set the caller
   * needs to handle the deferral.
   */
  'deferred'?: (_tfplugin6_Deferred | null);
}

export interface _tfplugin6_ReadDataSource_Response__Output {
  'state': (_tfplugin6_DynamicValue__Output | null);
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  /**
   * deferred is set if the provider is deferring the change. If set the caller
   * needs to handle the deferral.
   */
  'deferred': (_tfplugin6_Deferred__Output | null);
}

export interface ReadDataSource {
}

export interface ReadDataSource__Output {
}
