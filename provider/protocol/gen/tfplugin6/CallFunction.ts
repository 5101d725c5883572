// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { FunctionError as _tfplugin6_FunctionError, FunctionError__Output as _tfplugin6_FunctionError__Output } from '../tfplugin6/FunctionError.js';

export interface _tfplugin6_CallFunction_Request {
  'name'?: (string);
  'arguments'?: (_tfplugin6_DynamicValue)[];
}

export interface _tfplugin6_CallFunction_Request__Output {
  'name': (string);
  'arguments': (_tfplugin6_DynamicValue__Output)[];
}

export interface _tfplugin6_CallFunction_Response {
  'result'?: (_tfplugin6_DynamicValue | null);
  'error'?: (_tfplugin6_FunctionError | null);
}

export interface _tfplugin6_CallFunction_Response__Output {
  'result': (_tfplugin6_DynamicValue__Output | null);
  'error': (_tfplugin6_FunctionError__Output | null);
}

export interface CallFunction {
}

export interface CallFunction__Output {
}
