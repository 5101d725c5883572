// Original file: /work/main/provider/protocol/proto/grpc_controller.proto


export interface Empty {
}

export interface Empty__Output {
}
