// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_GenerateResourceConfig_Request {
  'typeName'?: (string);
  'state'?: (_tfplugin6_DynamicValue | null);
}

export interface _tfplugin6_GenerateResourceConfig_Request__Output {
  'typeName': (string);
  'state': (_tfplugin6_DynamicValue__Output | null);
}

export interface _tfplugin6_GenerateResourceConfig_Response {
  /**
   * config is the provided state modified such that it represents a valid resource configuration value.
   */
  'config'?: (_tfplugin6_DynamicValue | null);
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_GenerateResourceConfig_Response__Output {
  /**
   * config is the provided state modified such that it represents a valid resource configuration value.
   */
  'config': (_tfplugin6_DynamicValue__Output | null);
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface GenerateResourceConfig {
}

export interface GenerateResourceConfig__Output {
}
