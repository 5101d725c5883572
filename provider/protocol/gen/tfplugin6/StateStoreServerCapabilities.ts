// Original file: tfplugin6.10.proto

import type { Long } from '@grpc/proto-loader';

export interface StateStoreServerCapabilities {
  /**
   * chosen chunk size by plugin
   */
  'chunkSize'?: (number | string | Long);
}

export interface StateStoreServerCapabilities__Output {
  /**
   * chosen chunk size by plugin
   */
  'chunkSize': (number);
}
