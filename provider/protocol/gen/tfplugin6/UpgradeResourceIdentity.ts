// Original file: tfplugin6.10.proto

import type { RawState as _tfplugin6_RawState, RawState__Output as _tfplugin6_RawState__Output } from '../tfplugin6/RawState.js';
import type { ResourceIdentityData as _tfplugin6_ResourceIdentityData, ResourceIdentityData__Output as _tfplugin6_ResourceIdentityData__Output } from '../tfplugin6/ResourceIdentityData.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Long } from '@grpc/proto-loader';

export interface _tfplugin6_UpgradeResourceIdentity_Request {
  /**
   * type_name is the managed resource type name
   */
  'typeName'?: (string);
  /**
   * version is the version of the resource identity data to upgrade
   */
  'version'?: (number | string | Long);
  /**
   * raw_identity is the raw identity as stored for the resource. Core does
   * not have access to the identity schema of prior_version, so it's the
   * provider's responsibility to interpret this value using the
   * appropriate older schema. The raw_identity will be json encoded.
   */
  'rawIdentity'?: (_tfplugin6_RawState | null);
}

export interface _tfplugin6_UpgradeResourceIdentity_Request__Output {
  /**
   * type_name is the managed resource type name
   */
  'typeName': (string);
  /**
   * version is the version of the resource identity data to upgrade
   */
  'version': (number);
  /**
   * raw_identity is the raw identity as stored for the resource. Core does
   * not have access to the identity schema of prior_version, so it's the
   * provider's responsibility to interpret this value using the
   * appropriate older schema. The raw_identity will be json encoded.
   */
  'rawIdentity': (_tfplugin6_RawState__Output | null);
}

export interface _tfplugin6_UpgradeResourceIdentity_Response {
  /**
   * upgraded_identity returns the upgraded resource identity data
   */
  'upgradedIdentity'?: (_tfplugin6_ResourceIdentityData | null);
  /**
   * diagnostics is the collection of warning and error diagnostics for this request
   */
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_UpgradeResourceIdentity_Response__Output {
  /**
   * upgraded_identity returns the upgraded resource identity data
   */
  'upgradedIdentity': (_tfplugin6_ResourceIdentityData__Output | null);
  /**
   * diagnostics is the collection of warning and error diagnostics for this request
   */
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface UpgradeResourceIdentity {
}

export interface UpgradeResourceIdentity__Output {
}
