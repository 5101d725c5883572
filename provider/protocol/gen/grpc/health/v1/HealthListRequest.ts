// Original file: /work/main/provider/protocol/proto/health.proto


export interface HealthListRequest {
}

export interface HealthListRequest__Output {
}
