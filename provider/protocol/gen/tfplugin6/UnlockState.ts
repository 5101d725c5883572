// Original file: tfplugin6.10.proto

import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_UnlockState_Request {
  'typeName'?: (string);
  'stateId'?: (string);
  'lockId'?: (string);
}

export interface _tfplugin6_UnlockState_Request__Output {
  'typeName': (string);
  'stateId': (string);
  'lockId': (string);
}

export interface _tfplugin6_UnlockState_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_UnlockState_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface UnlockState {
}

export interface UnlockState__Output {
}
