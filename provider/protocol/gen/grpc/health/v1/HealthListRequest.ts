// Original file: health.proto


export interface HealthListRequest {
}

export interface HealthListRequest__Output {
}
