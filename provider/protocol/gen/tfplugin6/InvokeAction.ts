// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { ClientCapabilities as _tfplugin6_ClientCapabilities, ClientCapabilities__Output as _tfplugin6_ClientCapabilities__Output } from '../tfplugin6/ClientCapabilities.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_InvokeAction_Event_Completed {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_InvokeAction_Event_Completed__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface _tfplugin6_InvokeAction_Event {
  'progress'?: (_tfplugin6_InvokeAction_Event_Progress | null);
  'completed'?: (_tfplugin6_InvokeAction_Event_Completed | null);
  'type'?: "progress"|"completed";
}

export interface _tfplugin6_InvokeAction_Event__Output {
  'progress'?: (_tfplugin6_InvokeAction_Event_Progress__Output | null);
  'completed'?: (_tfplugin6_InvokeAction_Event_Completed__Output | null);
  'type'?: "progress"|"completed";
}

export interface _tfplugin6_InvokeAction_Event_Progress {
  /**
   * message to be printed in the console / HCPT
   */
  'message'?: (string);
}

export interface _tfplugin6_InvokeAction_Event_Progress__Output {
  /**
   * message to be printed in the console / HCPT
   */
  'message': (string);
}

export interface _tfplugin6_InvokeAction_Request {
  'actionType'?: (string);
  /**
   * response from the plan
   */
  'config'?: (_tfplugin6_DynamicValue | null);
  /**
   * metadata
   */
  'clientCapabilities'?: (_tfplugin6_ClientCapabilities | null);
}

export interface _tfplugin6_InvokeAction_Request__Output {
  'actionType': (string);
  /**
   * response from the plan
   */
  'config': (_tfplugin6_DynamicValue__Output | null);
  /**
   * metadata
   */
  'clientCapabilities': (_tfplugin6_ClientCapabilities__Output | null);
}

export interface InvokeAction {
}

export interface InvokeAction__Output {
}
