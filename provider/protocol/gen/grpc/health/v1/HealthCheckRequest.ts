// Original file: health.proto


export interface HealthCheckRequest {
  'service'?: (string);
}

export interface HealthCheckRequest__Output {
  'service': (string);
}
