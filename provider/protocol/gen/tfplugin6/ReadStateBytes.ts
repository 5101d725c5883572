// Original file: tfplugin6.10.proto

import type { StateRange as _tfplugin6_StateRange, StateRange__Output as _tfplugin6_StateRange__Output } from '../tfplugin6/StateRange.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Long } from '@grpc/proto-loader';

export interface _tfplugin6_ReadStateBytes_Request {
  'typeName'?: (string);
  'stateId'?: (string);
}

export interface _tfplugin6_ReadStateBytes_Request__Output {
  'typeName': (string);
  'stateId': (string);
}

export interface _tfplugin6_ReadStateBytes_Response {
  'bytes'?: (Buffer | Uint8Array | string);
  /**
   * total_length is the overall size of all of the state byte chunks that will be received
   */
  'totalLength'?: (number | string | Long);
  'range'?: (_tfplugin6_StateRange | null);
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_ReadStateBytes_Response__Output {
  'bytes': (Buffer);
  /**
   * total_length is the overall size of all of the state byte chunks that will be received
   */
  'totalLength': (number);
  'range': (_tfplugin6_StateRange__Output | null);
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface ReadStateBytes {
}

export interface ReadStateBytes__Output {
}
