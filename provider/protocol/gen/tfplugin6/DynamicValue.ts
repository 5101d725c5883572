// Original file: tfplugin6.10.proto


/**
 * DynamicValue is an opaque encoding of terraform data, with the field name
 * indicating the encoding scheme used.
 */
export interface DynamicValue {
  'msgpack'?: (Buffer | Uint8Array | string);
  'json'?: (Buffer | Uint8Array | string);
}

/**
 * DynamicValue is an opaque encoding of terraform data, with the field name
 * indicating the encoding scheme used.
 */
export interface DynamicValue__Output {
  'msgpack': (Buffer);
  'json': (Buffer);
}
