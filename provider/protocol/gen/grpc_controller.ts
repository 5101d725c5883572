import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _plugin_Empty, Empty__Output as _plugin_Empty__Output } from './plugin/Empty.js';
import type { GRPCControllerClient as _plugin_GRPCControllerClient, GRPCControllerDefinition as _plugin_GRPCControllerDefinition } from './plugin/GRPCController.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  plugin: {
    Empty: MessageTypeDefinition<_plugin_Empty, _plugin_Empty__Output>
    /**
     * The GRPCController is responsible for telling the plugin server to shutdown.
     */
    GRPCController: SubtypeConstructor<typeof grpc.Client, _plugin_GRPCControllerClient> & { service: _plugin_GRPCControllerDefinition }
  }
}

