// Original file: tfplugin6.10.proto

import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_DeleteState_Request {
  'typeName'?: (string);
  'stateId'?: (string);
}

export interface _tfplugin6_DeleteState_Request__Output {
  'typeName': (string);
  'stateId': (string);
}

export interface _tfplugin6_DeleteState_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_DeleteState_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface DeleteState {
}

export interface DeleteState__Output {
}
