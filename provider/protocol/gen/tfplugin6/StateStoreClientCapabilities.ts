// Original file: tfplugin6.10.proto

import type { Long } from '@grpc/proto-loader';

export interface StateStoreClientCapabilities {
  /**
   * suggested chunk size by Core
   */
  'chunkSize'?: (number | string | Long);
}

export interface StateStoreClientCapabilities__Output {
  /**
   * suggested chunk size by Core
   */
  'chunkSize': (number);
}
