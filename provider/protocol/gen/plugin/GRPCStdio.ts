// Original file: grpc_stdio.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Empty as _google_protobuf_Empty, Empty__Output as _google_protobuf_Empty__Output } from '../google/protobuf/Empty.js';
import type { StdioData as _plugin_StdioData, StdioData__Output as _plugin_StdioData__Output } from '../plugin/StdioData.js';

/**
 * GRPCStdio is a service that is automatically run by the plugin process
 * to stream any stdout/err data so that it can be mirrored on the plugin
 * host side.
 */
export interface GRPCStdioClient extends grpc.Client {
  /**
   * StreamStdio returns a stream that contains all the stdout/stderr.
   * This RPC endpoint must only be called ONCE. Once stdio data is consumed
   * it is not sent again.
   * 
   * Callers should connect early to prevent blocking on the plugin process.
   */
  StreamStdio(argument: _google_protobuf_Empty, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_plugin_StdioData__Output>;
  StreamStdio(argument: _google_protobuf_Empty, options?: grpc.CallOptions): grpc.ClientReadableStream<_plugin_StdioData__Output>;
  /**
   * StreamStdio returns a stream that contains all the stdout/stderr.
   * This RPC endpoint must only be called ONCE. Once stdio data is consumed
   * it is not sent again.
   * 
   * Callers should connect early to prevent blocking on the plugin process.
   */
  streamStdio(argument: _google_protobuf_Empty, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_plugin_StdioData__Output>;
  streamStdio(argument: _google_protobuf_Empty, options?: grpc.CallOptions): grpc.ClientReadableStream<_plugin_StdioData__Output>;
  
}

/**
 * GRPCStdio is a service that is automatically run by the plugin process
 * to stream any stdout/err data so that it can be mirrored on the plugin
 * host side.
 */
export interface GRPCStdioHandlers extends grpc.UntypedServiceImplementation {
  /**
   * StreamStdio returns a stream that contains all the stdout/stderr.
   * This RPC endpoint must only be called ONCE. Once stdio data is consumed
   * it is not sent again.
   * 
   * Callers should connect early to prevent blocking on the plugin process.
   */
  StreamStdio: grpc.handleServerStreamingCall<_google_protobuf_Empty__Output, _plugin_StdioData>;
  
}

export interface GRPCStdioDefinition extends grpc.ServiceDefinition {
  StreamStdio: MethodDefinition<_google_protobuf_Empty, _plugin_StdioData, _google_protobuf_Empty__Output, _plugin_StdioData__Output>
}
