// Original file: tfplugin6.10.proto

import type { Function as _tfplugin6_Function, Function__Output as _tfplugin6_Function__Output } from '../tfplugin6/Function.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_GetFunctions_Request {
}

export interface _tfplugin6_GetFunctions_Request__Output {
}

export interface _tfplugin6_GetFunctions_Response {
  /**
   * functions is a mapping of function names to definitions.
   */
  'functions'?: ({[key: string]: _tfplugin6_Function});
  /**
   * diagnostics is any warnings or errors.
   */
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_GetFunctions_Response__Output {
  /**
   * functions is a mapping of function names to definitions.
   */
  'functions': ({[key: string]: _tfplugin6_Function__Output});
  /**
   * diagnostics is any warnings or errors.
   */
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface GetFunctions {
}

export interface GetFunctions__Output {
}
