// Original file: tfplugin6.10.proto

import type { Schema as _tfplugin6_Schema, Schema__Output as _tfplugin6_Schema__Output } from '../tfplugin6/Schema.js';

/**
 * ActionSchema defines the schema for an action that can be invoked by Terraform.
 */
export interface ActionSchema {
  /**
   * of the action itself
   */
  'schema'?: (_tfplugin6_Schema | null);
}

/**
 * ActionSchema defines the schema for an action that can be invoked by Terraform.
 */
export interface ActionSchema__Output {
  /**
   * of the action itself
   */
  'schema': (_tfplugin6_Schema__Output | null);
}
