// Original file: tfplugin6.10.proto

import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_CloseEphemeralResource_Request {
  'typeName'?: (string);
  'private'?: (Buffer | Uint8Array | string);
  '_private'?: "private";
}

export interface _tfplugin6_CloseEphemeralResource_Request__Output {
  'typeName': (string);
  'private'?: (Buffer);
  '_private'?: "private";
}

export interface _tfplugin6_CloseEphemeralResource_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_CloseEphemeralResource_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface CloseEphemeralResource {
}

export interface CloseEphemeralResource__Output {
}
