// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_ValidateDataResourceConfig_Request {
  'typeName'?: (string);
  'config'?: (_tfplugin6_DynamicValue | null);
}

export interface _tfplugin6_ValidateDataResourceConfig_Request__Output {
  'typeName': (string);
  'config': (_tfplugin6_DynamicValue__Output | null);
}

export interface _tfplugin6_ValidateDataResourceConfig_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_ValidateDataResourceConfig_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface ValidateDataResourceConfig {
}

export interface ValidateDataResourceConfig__Output {
}
