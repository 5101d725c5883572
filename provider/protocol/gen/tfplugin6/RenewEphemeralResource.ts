// Original file: tfplugin6.10.proto

import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../google/protobuf/Timestamp.js';

export interface _tfplugin6_RenewEphemeralResource_Request {
  'typeName'?: (string);
  'private'?: (Buffer | Uint8Array | string);
  '_private'?: "private";
}

export interface _tfplugin6_RenewEphemeralResource_Request__Output {
  'typeName': (string);
  'private'?: (Buffer);
  '_private'?: "private";
}

export interface _tfplugin6_RenewEphemeralResource_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  'renewAt'?: (_google_protobuf_Timestamp | null);
  'private'?: (Buffer | Uint8Array | string);
  '_renewAt'?: "renewAt";
  '_private'?: "private";
}

export interface _tfplugin6_RenewEphemeralResource_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  'renewAt'?: (_google_protobuf_Timestamp__Output | null);
  'private'?: (Buffer);
  '_renewAt'?: "renewAt";
  '_private'?: "private";
}

export interface RenewEphemeralResource {
}

export interface RenewEphemeralResource__Output {
}
