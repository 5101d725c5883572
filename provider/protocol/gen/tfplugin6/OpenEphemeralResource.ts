// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { ClientCapabilities as _tfplugin6_ClientCapabilities, ClientCapabilities__Output as _tfplugin6_ClientCapabilities__Output } from '../tfplugin6/ClientCapabilities.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../google/protobuf/Timestamp.js';
import type { Deferred as _tfplugin6_Deferred, Deferred__Output as _tfplugin6_Deferred__Output } from '../tfplugin6/Deferred.js';

export interface _tfplugin6_OpenEphemeralResource_Request {
  'typeName'?: (string);
  'config'?: (_tfplugin6_DynamicValue | null);
  'clientCapabilities'?: (_tfplugin6_ClientCapabilities | null);
}

export interface _tfplugin6_OpenEphemeralResource_Request__Output {
  'typeName': (string);
  'config': (_tfplugin6_DynamicValue__Output | null);
  'clientCapabilities': (_tfplugin6_ClientCapabilities__Output | null);
}

export interface _tfplugin6_OpenEphemeralResource_Response {
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  'renewAt'?: (_google_protobuf_Timestamp | null);
  'result'?: (_tfplugin6_DynamicValue | null);
  'private'?: (Buffer | Uint8Array | string);
  'deferred'?: (_tfplugin6_Deferred | null);
  '_renewAt'?: "renewAt";
  '_private'?: "private";
}

export interface _tfplugin6_OpenEphemeralResource_Response__Output {
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  'renewAt'?: (_google_protobuf_Timestamp__Output | null);
  'result': (_tfplugin6_DynamicValue__Output | null);
  'private'?: (Buffer);
  'deferred': (_tfplugin6_Deferred__Output | null);
  '_renewAt'?: "renewAt";
  '_private'?: "private";
}

export interface OpenEphemeralResource {
}

export interface OpenEphemeralResource__Output {
}
