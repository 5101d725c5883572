// Original file: tfplugin6.10.proto

import type { StringKind as _tfplugin6_StringKind, StringKind__Output as _tfplugin6_StringKind__Output } from '../tfplugin6/StringKind.js';
import type { Long } from '@grpc/proto-loader';

export interface _tfplugin6_Schema_Attribute {
  'name'?: (string);
  'type'?: (Buffer | Uint8Array | string);
  'nestedType'?: (_tfplugin6_Schema_Object | null);
  'description'?: (string);
  'required'?: (boolean);
  'optional'?: (boolean);
  'computed'?: (boolean);
  'sensitive'?: (boolean);
  'descriptionKind'?: (_tfplugin6_StringKind);
  'deprecated'?: (boolean);
  'writeOnly'?: (boolean);
  'deprecationMessage'?: (string);
}

export interface _tfplugin6_Schema_Attribute__Output {
  'name': (string);
  'type': (Buffer);
  'nestedType': (_tfplugin6_Schema_Object__Output | null);
  'description': (string);
  'required': (boolean);
  'optional': (boolean);
  'computed': (boolean);
  'sensitive': (boolean);
  'descriptionKind': (_tfplugin6_StringKind__Output);
  'deprecated': (boolean);
  'writeOnly': (boolean);
  'deprecationMessage': (string);
}

export interface _tfplugin6_Schema_Block {
  'version'?: (number | string | Long);
  'attributes'?: (_tfplugin6_Schema_Attribute)[];
  'blockTypes'?: (_tfplugin6_Schema_NestedBlock)[];
  'description'?: (string);
  'descriptionKind'?: (_tfplugin6_StringKind);
  'deprecated'?: (boolean);
  'deprecationMessage'?: (string);
}

export interface _tfplugin6_Schema_Block__Output {
  'version': (number);
  'attributes': (_tfplugin6_Schema_Attribute__Output)[];
  'blockTypes': (_tfplugin6_Schema_NestedBlock__Output)[];
  'description': (string);
  'descriptionKind': (_tfplugin6_StringKind__Output);
  'deprecated': (boolean);
  'deprecationMessage': (string);
}

export interface _tfplugin6_Schema_NestedBlock {
  'typeName'?: (string);
  'block'?: (_tfplugin6_Schema_Block | null);
  'nesting'?: (_tfplugin6_Schema_NestedBlock_NestingMode);
  'minItems'?: (number | string | Long);
  'maxItems'?: (number | string | Long);
}

export interface _tfplugin6_Schema_NestedBlock__Output {
  'typeName': (string);
  'block': (_tfplugin6_Schema_Block__Output | null);
  'nesting': (_tfplugin6_Schema_NestedBlock_NestingMode__Output);
  'minItems': (number);
  'maxItems': (number);
}

// Original file: tfplugin6.10.proto

export const _tfplugin6_Schema_NestedBlock_NestingMode = {
  INVALID: 'INVALID',
  SINGLE: 'SINGLE',
  LIST: 'LIST',
  SET: 'SET',
  MAP: 'MAP',
  GROUP: 'GROUP',
} as const;

export type _tfplugin6_Schema_NestedBlock_NestingMode =
  | 'INVALID'
  | 0
  | 'SINGLE'
  | 1
  | 'LIST'
  | 2
  | 'SET'
  | 3
  | 'MAP'
  | 4
  | 'GROUP'
  | 5

export type _tfplugin6_Schema_NestedBlock_NestingMode__Output = typeof _tfplugin6_Schema_NestedBlock_NestingMode[keyof typeof _tfplugin6_Schema_NestedBlock_NestingMode]

// Original file: tfplugin6.10.proto

export const _tfplugin6_Schema_Object_NestingMode = {
  INVALID: 'INVALID',
  SINGLE: 'SINGLE',
  LIST: 'LIST',
  SET: 'SET',
  MAP: 'MAP',
} as const;

export type _tfplugin6_Schema_Object_NestingMode =
  | 'INVALID'
  | 0
  | 'SINGLE'
  | 1
  | 'LIST'
  | 2
  | 'SET'
  | 3
  | 'MAP'
  | 4

export type _tfplugin6_Schema_Object_NestingMode__Output = typeof _tfplugin6_Schema_Object_NestingMode[keyof typeof _tfplugin6_Schema_Object_NestingMode]

export interface _tfplugin6_Schema_Object {
  'attributes'?: (_tfplugin6_Schema_Attribute)[];
  'nesting'?: (_tfplugin6_Schema_Object_NestingMode);
  /**
   * MinItems and MaxItems were never used in the protocol, and have no
   * effect on validation.
   * @deprecated
   */
  'minItems'?: (number | string | Long);
  /**
   * @deprecated
   */
  'maxItems'?: (number | string | Long);
}

export interface _tfplugin6_Schema_Object__Output {
  'attributes': (_tfplugin6_Schema_Attribute__Output)[];
  'nesting': (_tfplugin6_Schema_Object_NestingMode__Output);
  /**
   * MinItems and MaxItems were never used in the protocol, and have no
   * effect on validation.
   * @deprecated
   */
  'minItems': (number);
  /**
   * @deprecated
   */
  'maxItems': (number);
}

/**
 * Schema is the configuration schema for a Resource or Provider.
 */
export interface Schema {
  /**
   * The version of the schema.
   * Schemas are versioned, so that providers can upgrade a saved resource
   * state when the schema is changed.
   */
  'version'?: (number | string | Long);
  /**
   * Block is the top level configuration block for this schema.
   */
  'block'?: (_tfplugin6_Schema_Block | null);
}

/**
 * Schema is the configuration schema for a Resource or Provider.
 */
export interface Schema__Output {
  /**
   * The version of the schema.
   * Schemas are versioned, so that providers can upgrade a saved resource
   * state when the schema is changed.
   */
  'version': (number);
  /**
   * Block is the top level configuration block for this schema.
   */
  'block': (_tfplugin6_Schema_Block__Output | null);
}
