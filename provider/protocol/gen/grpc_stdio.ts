import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _google_protobuf_Empty, Empty__Output as _google_protobuf_Empty__Output } from './google/protobuf/Empty.js';
import type { GRPCStdioClient as _plugin_GRPCStdioClient, GRPCStdioDefinition as _plugin_GRPCStdioDefinition } from './plugin/GRPCStdio.js';
import type { StdioData as _plugin_StdioData, StdioData__Output as _plugin_StdioData__Output } from './plugin/StdioData.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  google: {
    protobuf: {
      Empty: MessageTypeDefinition<_google_protobuf_Empty, _google_protobuf_Empty__Output>
    }
  }
  plugin: {
    /**
     * GRPCStdio is a service that is automatically run by the plugin process
     * to stream any stdout/err data so that it can be mirrored on the plugin
     * host side.
     */
    GRPCStdio: SubtypeConstructor<typeof grpc.Client, _plugin_GRPCStdioClient> & { service: _plugin_GRPCStdioDefinition }
    StdioData: MessageTypeDefinition<_plugin_StdioData, _plugin_StdioData__Output>
  }
}

