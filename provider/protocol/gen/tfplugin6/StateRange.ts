// Original file: tfplugin6.10.proto

import type { Long } from '@grpc/proto-loader';

export interface StateRange {
  /**
   * start is the starting byte index for a chunk of state byte data.
   * This index is in relation to the entire byte array that will be sent or received.
   */
  'start'?: (number | string | Long);
  /**
   * end is the ending byte index for a chunk of state byte data.
   * This index is in relation to the entire byte array that will be sent or received.
   */
  'end'?: (number | string | Long);
}

export interface StateRange__Output {
  /**
   * start is the starting byte index for a chunk of state byte data.
   * This index is in relation to the entire byte array that will be sent or received.
   */
  'start': (number);
  /**
   * end is the ending byte index for a chunk of state byte data.
   * This index is in relation to the entire byte array that will be sent or received.
   */
  'end': (number);
}
