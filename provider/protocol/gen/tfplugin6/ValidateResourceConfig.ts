// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { ClientCapabilities as _tfplugin6_ClientCapabilities, ClientCapabilities__Output as _tfplugin6_ClientCapabilities__Output } from '../tfplugin6/ClientCapabilities.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_ValidateResourceConfig_Request {
  'typeName'?: (string);
  'config'?: (_tfplugin6_DynamicValue | null);
  'clientCapabilities'?: (_tfplugin6_ClientCapabilities | null);
}

export interface _tfplugin6_ValidateResourceConfig_Request__Output {
  'typeName': (string);
  'config': (_tfplugin6_DynamicValue__Output | null);
  'clientCapabilities': (_tfplugin6_ClientCapabilities__Output | null);
}

export interface _tfplugin6_ValidateResourceConfig_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_ValidateResourceConfig_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface ValidateResourceConfig {
}

export interface ValidateResourceConfig__Output {
}
