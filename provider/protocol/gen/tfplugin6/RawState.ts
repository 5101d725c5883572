// Original file: tfplugin6.10.proto


/**
 * RawState holds the stored state for a resource to be upgraded by the
 * provider. It can be in one of two formats, the current json encoded format
 * in bytes, or the legacy flatmap format as a map of strings.
 */
export interface RawState {
  'json'?: (Buffer | Uint8Array | string);
  'flatmap'?: ({[key: string]: string});
}

/**
 * RawState holds the stored state for a resource to be upgraded by the
 * provider. It can be in one of two formats, the current json encoded format
 * in bytes, or the legacy flatmap format as a map of strings.
 */
export interface RawState__Output {
  'json': (Buffer);
  'flatmap': ({[key: string]: string});
}
