// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { StateStoreClientCapabilities as _tfplugin6_StateStoreClientCapabilities, StateStoreClientCapabilities__Output as _tfplugin6_StateStoreClientCapabilities__Output } from '../tfplugin6/StateStoreClientCapabilities.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { StateStoreServerCapabilities as _tfplugin6_StateStoreServerCapabilities, StateStoreServerCapabilities__Output as _tfplugin6_StateStoreServerCapabilities__Output } from '../tfplugin6/StateStoreServerCapabilities.js';

export interface _tfplugin6_ConfigureStateStore_Request {
  'typeName'?: (string);
  'config'?: (_tfplugin6_DynamicValue | null);
  'capabilities'?: (_tfplugin6_StateStoreClientCapabilities | null);
}

export interface _tfplugin6_ConfigureStateStore_Request__Output {
  'typeName': (string);
  'config': (_tfplugin6_DynamicValue__Output | null);
  'capabilities': (_tfplugin6_StateStoreClientCapabilities__Output | null);
}

export interface _tfplugin6_ConfigureStateStore_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  'capabilities'?: (_tfplugin6_StateStoreServerCapabilities | null);
}

export interface _tfplugin6_ConfigureStateStore_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  'capabilities': (_tfplugin6_StateStoreServerCapabilities__Output | null);
}

export interface ConfigureStateStore {
}

export interface ConfigureStateStore__Output {
}
