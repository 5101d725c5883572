// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_ValidateProviderConfig_Request {
  'config'?: (_tfplugin6_DynamicValue | null);
}

export interface _tfplugin6_ValidateProviderConfig_Request__Output {
  'config': (_tfplugin6_DynamicValue__Output | null);
}

export interface _tfplugin6_ValidateProviderConfig_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_ValidateProviderConfig_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface ValidateProviderConfig {
}

export interface ValidateProviderConfig__Output {
}
