// Original file: tfplugin6.10.proto

import type { Long } from '@grpc/proto-loader';

export interface _tfplugin6_AttributePath_Step {
  /**
   * Set "attribute_name" to represent looking up an attribute
   * in the current object value.
   */
  'attributeName'?: (string);
  /**
   * Set "element_key_*" to represent looking up an element in
   * an indexable collection type.
   */
  'elementKeyString'?: (string);
  'elementKeyInt'?: (number | string | Long);
  'selector'?: "attributeName"|"elementKeyString"|"elementKeyInt";
}

export interface _tfplugin6_AttributePath_Step__Output {
  /**
   * Set "attribute_name" to represent looking up an attribute
   * in the current object value.
   */
  'attributeName'?: (string);
  /**
   * Set "element_key_*" to represent looking up an element in
   * an indexable collection type.
   */
  'elementKeyString'?: (string);
  'elementKeyInt'?: (number);
  'selector'?: "attributeName"|"elementKeyString"|"elementKeyInt";
}

export interface AttributePath {
  'steps'?: (_tfplugin6_AttributePath_Step)[];
}

export interface AttributePath__Output {
  'steps': (_tfplugin6_AttributePath_Step__Output)[];
}
