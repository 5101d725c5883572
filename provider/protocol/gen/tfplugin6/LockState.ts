// Original file: tfplugin6.10.proto

import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_LockState_Request {
  'typeName'?: (string);
  'stateId'?: (string);
  /**
   * operation represents an ongoing operation due to which lock is held (e.g. refresh, plan, apply)
   */
  'operation'?: (string);
}

export interface _tfplugin6_LockState_Request__Output {
  'typeName': (string);
  'stateId': (string);
  /**
   * operation represents an ongoing operation due to which lock is held (e.g. refresh, plan, apply)
   */
  'operation': (string);
}

export interface _tfplugin6_LockState_Response {
  'lockId'?: (string);
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_LockState_Response__Output {
  'lockId': (string);
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface LockState {
}

export interface LockState__Output {
}
