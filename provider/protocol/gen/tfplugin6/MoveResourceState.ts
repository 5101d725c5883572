// Original file: tfplugin6.10.proto

import type { RawState as _tfplugin6_RawState, RawState__Output as _tfplugin6_RawState__Output } from '../tfplugin6/RawState.js';
import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { ResourceIdentityData as _tfplugin6_ResourceIdentityData, ResourceIdentityData__Output as _tfplugin6_ResourceIdentityData__Output } from '../tfplugin6/ResourceIdentityData.js';
import type { Long } from '@grpc/proto-loader';

export interface _tfplugin6_MoveResourceState_Request {
  /**
   * The address of the provider the resource is being moved from.
   */
  'sourceProviderAddress'?: (string);
  /**
   * The resource type that the resource is being moved from.
   */
  'sourceTypeName'?: (string);
  /**
   * The schema version of the resource type that the resource is being
   * moved from.
   */
  'sourceSchemaVersion'?: (number | string | Long);
  /**
   * The raw state of the resource being moved. Only the json field is
   * populated, as there should be no legacy providers using the flatmap
   * format that support newly introduced RPCs.
   */
  'sourceState'?: (_tfplugin6_RawState | null);
  /**
   * The resource type that the resource is being moved to.
   */
  'targetTypeName'?: (string);
  /**
   * The private state of the resource being moved.
   */
  'sourcePrivate'?: (Buffer | Uint8Array | string);
  /**
   * The raw identity of the resource being moved. Only the json field is
   * populated, as there should be no legacy providers using the flatmap
   * format that support newly introduced RPCs.
   */
  'sourceIdentity'?: (_tfplugin6_RawState | null);
  /**
   * The identity schema version of the resource type that the resource
   * is being moved from.
   */
  'sourceIdentitySchemaVersion'?: (number | string | Long);
}

export interface _tfplugin6_MoveResourceState_Request__Output {
  /**
   * The address of the provider the resource is being moved from.
   */
  'sourceProviderAddress': (string);
  /**
   * The resource type that the resource is being moved from.
   */
  'sourceTypeName': (string);
  /**
   * The schema version of the resource type that the resource is being
   * moved from.
   */
  'sourceSchemaVersion': (number);
  /**
   * The raw state of the resource being moved. Only the json field is
   * populated, as there should be no legacy providers using the flatmap
   * format that support newly introduced RPCs.
   */
  'sourceState': (_tfplugin6_RawState__Output | null);
  /**
   * The resource type that the resource is being moved to.
   */
  'targetTypeName': (string);
  /**
   * The private state of the resource being moved.
   */
  'sourcePrivate': (Buffer);
  /**
   * The raw identity of the resource being moved. Only the json field is
   * populated, as there should be no legacy providers using the flatmap
   * format that support newly introduced RPCs.
   */
  'sourceIdentity': (_tfplugin6_RawState__Output | null);
  /**
   * The identity schema version of the resource type that the resource
   * is being moved from.
   */
  'sourceIdentitySchemaVersion': (number);
}

export interface _tfplugin6_MoveResourceState_Response {
  /**
   * The state of the resource after it has been moved.
   */
  'targetState'?: (_tfplugin6_DynamicValue | null);
  /**
   * Any diagnostics that occurred during the move.
   */
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  /**
   * The private state of the resource after it has been moved.
   */
  'targetPrivate'?: (Buffer | Uint8Array | string);
  'targetIdentity'?: (_tfplugin6_ResourceIdentityData | null);
}

export interface _tfplugin6_MoveResourceState_Response__Output {
  /**
   * The state of the resource after it has been moved.
   */
  'targetState': (_tfplugin6_DynamicValue__Output | null);
  /**
   * Any diagnostics that occurred during the move.
   */
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  /**
   * The private state of the resource after it has been moved.
   */
  'targetPrivate': (Buffer);
  'targetIdentity': (_tfplugin6_ResourceIdentityData__Output | null);
}

export interface MoveResourceState {
}

export interface MoveResourceState__Output {
}
