// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { ClientCapabilities as _tfplugin6_ClientCapabilities, ClientCapabilities__Output as _tfplugin6_ClientCapabilities__Output } from '../tfplugin6/ClientCapabilities.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Deferred as _tfplugin6_Deferred, Deferred__Output as _tfplugin6_Deferred__Output } from '../tfplugin6/Deferred.js';

export interface _tfplugin6_PlanAction_Request {
  'actionType'?: (string);
  /**
   * config of the action, based on the schema of the actual action
   */
  'config'?: (_tfplugin6_DynamicValue | null);
  /**
   * metadata
   */
  'clientCapabilities'?: (_tfplugin6_ClientCapabilities | null);
}

export interface _tfplugin6_PlanAction_Request__Output {
  'actionType': (string);
  /**
   * config of the action, based on the schema of the actual action
   */
  'config': (_tfplugin6_DynamicValue__Output | null);
  /**
   * metadata
   */
  'clientCapabilities': (_tfplugin6_ClientCapabilities__Output | null);
}

export interface _tfplugin6_PlanAction_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  /**
   * metadata
   */
  'deferred'?: (_tfplugin6_Deferred | null);
}

export interface _tfplugin6_PlanAction_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  /**
   * metadata
   */
  'deferred': (_tfplugin6_Deferred__Output | null);
}

export interface PlanAction {
}

export interface PlanAction__Output {
}
