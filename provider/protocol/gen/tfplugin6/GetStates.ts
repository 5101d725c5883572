// Original file: tfplugin6.10.proto

import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_GetStates_Request {
  'typeName'?: (string);
}

export interface _tfplugin6_GetStates_Request__Output {
  'typeName': (string);
}

export interface _tfplugin6_GetStates_Response {
  'stateId'?: (string)[];
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_GetStates_Response__Output {
  'stateId': (string)[];
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface GetStates {
}

export interface GetStates__Output {
}
