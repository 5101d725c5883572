// Original file: tfplugin6.10.proto

import type { Long } from '@grpc/proto-loader';

export interface FunctionError {
  'text'?: (string);
  /**
   * The optional function_argument records the index position of the
   * argument which caused the error.
   */
  'functionArgument'?: (number | string | Long);
  '_functionArgument'?: "functionArgument";
}

export interface FunctionError__Output {
  'text': (string);
  /**
   * The optional function_argument records the index position of the
   * argument which caused the error.
   */
  'functionArgument'?: (number);
  '_functionArgument'?: "functionArgument";
}
