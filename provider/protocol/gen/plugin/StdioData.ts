// Original file: grpc_stdio.proto


// Original file: grpc_stdio.proto

export const _plugin_StdioData_Channel = {
  INVALID: 'INVALID',
  STDOUT: 'STDOUT',
  STDERR: 'STDERR',
} as const;

export type _plugin_StdioData_Channel =
  | 'INVALID'
  | 0
  | 'STDOUT'
  | 1
  | 'STDERR'
  | 2

export type _plugin_StdioData_Channel__Output = typeof _plugin_StdioData_Channel[keyof typeof _plugin_StdioData_Channel]

/**
 * StdioData is a single chunk of stdout or stderr data that is streamed
 * from GRPCStdio.
 */
export interface StdioData {
  'channel'?: (_plugin_StdioData_Channel);
  'data'?: (Buffer | Uint8Array | string);
}

/**
 * StdioData is a single chunk of stdout or stderr data that is streamed
 * from GRPCStdio.
 */
export interface StdioData__Output {
  'channel': (_plugin_StdioData_Channel__Output);
  'data': (Buffer);
}
