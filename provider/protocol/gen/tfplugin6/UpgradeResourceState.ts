// Original file: tfplugin6.10.proto

import type { RawState as _tfplugin6_RawState, RawState__Output as _tfplugin6_RawState__Output } from '../tfplugin6/RawState.js';
import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Long } from '@grpc/proto-loader';

/**
 * Request is the message that is sent to the provider during the
 * UpgradeResourceState RPC.
 * 
 * This message intentionally does not include configuration data as any
 * configuration-based or configuration-conditional changes should occur
 * during the PlanResourceChange RPC. Additionally, the configuration is
 * not guaranteed to exist (in the case of resource destruction), be wholly
 * known, nor match the given prior state, which could lead to unexpected
 * provider behaviors for practitioners.
 */
export interface _tfplugin6_UpgradeResourceState_Request {
  'typeName'?: (string);
  /**
   * version is the schema_version number recorded in the state file
   */
  'version'?: (number | string | Long);
  /**
   * raw_state is the raw states as stored for the resource.  Core does
   * not have access to the schema of prior_version, so it's the
   * provider's responsibility to interpret this value using the
   * appropriate older schema. The raw_state will be the json encoded
   * state, or a legacy flat-mapped format.
   */
  'rawState'?: (_tfplugin6_RawState | null);
}

/**
 * Request is the message that is sent to the provider during the
 * UpgradeResourceState RPC.
 * 
 * This message intentionally does not include configuration data as any
 * configuration-based or configuration-conditional changes should occur
 * during the PlanResourceChange RPC. Additionally, the configuration is
 * not guaranteed to exist (in the case of resource destruction), be wholly
 * known, nor match the given prior state, which could lead to unexpected
 * provider behaviors for practitioners.
 */
export interface _tfplugin6_UpgradeResourceState_Request__Output {
  'typeName': (string);
  /**
   * version is the schema_version number recorded in the state file
   */
  'version': (number);
  /**
   * raw_state is the raw states as stored for the resource.  Core does
   * not have access to the schema of prior_version, so it's the
   * provider's responsibility to interpret this value using the
   * appropriate older schema. The raw_state will be the json encoded
   * state, or a legacy flat-mapped format.
   */
  'rawState': (_tfplugin6_RawState__Output | null);
}

export interface _tfplugin6_UpgradeResourceState_Response {
  /**
   * new_state is a msgpack-encoded data structure that, when interpreted with
   * the _current_ schema for this resource type, is functionally equivalent to
   * that which was given in prior_state_raw.
   */
  'upgradedState'?: (_tfplugin6_DynamicValue | null);
  /**
   * diagnostics describes any errors encountered during migration that could not
   * be safely resolved, and warnings about any possibly-risky assumptions made
   * in the upgrade process.
   */
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_UpgradeResourceState_Response__Output {
  /**
   * new_state is a msgpack-encoded data structure that, when interpreted with
   * the _current_ schema for this resource type, is functionally equivalent to
   * that which was given in prior_state_raw.
   */
  'upgradedState': (_tfplugin6_DynamicValue__Output | null);
  /**
   * diagnostics describes any errors encountered during migration that could not
   * be safely resolved, and warnings about any possibly-risky assumptions made
   * in the upgrade process.
   */
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface UpgradeResourceState {
}

export interface UpgradeResourceState__Output {
}
