// Original file: tfplugin6.10.proto

import type { RequestChunkMeta as _tfplugin6_RequestChunkMeta, RequestChunkMeta__Output as _tfplugin6_RequestChunkMeta__Output } from '../tfplugin6/RequestChunkMeta.js';
import type { StateRange as _tfplugin6_StateRange, StateRange__Output as _tfplugin6_StateRange__Output } from '../tfplugin6/StateRange.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Long } from '@grpc/proto-loader';

export interface _tfplugin6_WriteStateBytes_RequestChunk {
  /**
   * meta is sent with the first chunk only
   */
  'meta'?: (_tfplugin6_RequestChunkMeta | null);
  'bytes'?: (Buffer | Uint8Array | string);
  /**
   * total_length is the overall size of all of the state byte chunks that will be sent.
   */
  'totalLength'?: (number | string | Long);
  'range'?: (_tfplugin6_StateRange | null);
  '_meta'?: "meta";
}

export interface _tfplugin6_WriteStateBytes_RequestChunk__Output {
  /**
   * meta is sent with the first chunk only
   */
  'meta'?: (_tfplugin6_RequestChunkMeta__Output | null);
  'bytes': (Buffer);
  /**
   * total_length is the overall size of all of the state byte chunks that will be sent.
   */
  'totalLength': (number);
  'range': (_tfplugin6_StateRange__Output | null);
  '_meta'?: "meta";
}

export interface _tfplugin6_WriteStateBytes_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_WriteStateBytes_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface WriteStateBytes {
}

export interface WriteStateBytes__Output {
}
