// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';
import type { ResourceIdentityData as _tfplugin6_ResourceIdentityData, ResourceIdentityData__Output as _tfplugin6_ResourceIdentityData__Output } from '../tfplugin6/ResourceIdentityData.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { Long } from '@grpc/proto-loader';

export interface _tfplugin6_ListResource_Event {
  /**
   * identity is the resource identity data of the resource instance.
   */
  'identity'?: (_tfplugin6_ResourceIdentityData | null);
  /**
   * display_name can be displayed in a UI to make it easier for humans to identify a resource
   */
  'displayName'?: (string);
  /**
   * optional resource object which can be useful when combining list blocks in configuration
   */
  'resourceObject'?: (_tfplugin6_DynamicValue | null);
  /**
   * A warning or error diagnostics for this event
   */
  'diagnostic'?: (_tfplugin6_Diagnostic)[];
  '_resourceObject'?: "resourceObject";
}

export interface _tfplugin6_ListResource_Event__Output {
  /**
   * identity is the resource identity data of the resource instance.
   */
  'identity': (_tfplugin6_ResourceIdentityData__Output | null);
  /**
   * display_name can be displayed in a UI to make it easier for humans to identify a resource
   */
  'displayName': (string);
  /**
   * optional resource object which can be useful when combining list blocks in configuration
   */
  'resourceObject'?: (_tfplugin6_DynamicValue__Output | null);
  /**
   * A warning or error diagnostics for this event
   */
  'diagnostic': (_tfplugin6_Diagnostic__Output)[];
  '_resourceObject'?: "resourceObject";
}

export interface _tfplugin6_ListResource_Request {
  /**
   * type_name is the list resource type name.
   */
  'typeName'?: (string);
  /**
   * configuration is the list ConfigSchema-based configuration data.
   */
  'config'?: (_tfplugin6_DynamicValue | null);
  /**
   * when include_resource_object is set to true, the provider should
   * include the full resource object for each result
   */
  'includeResourceObject'?: (boolean);
  /**
   * The maximum number of results that Terraform is expecting.
   * The stream will stop, once this limit is reached.
   */
  'limit'?: (number | string | Long);
}

export interface _tfplugin6_ListResource_Request__Output {
  /**
   * type_name is the list resource type name.
   */
  'typeName': (string);
  /**
   * configuration is the list ConfigSchema-based configuration data.
   */
  'config': (_tfplugin6_DynamicValue__Output | null);
  /**
   * when include_resource_object is set to true, the provider should
   * include the full resource object for each result
   */
  'includeResourceObject': (boolean);
  /**
   * The maximum number of results that Terraform is expecting.
   * The stream will stop, once this limit is reached.
   */
  'limit': (number);
}

export interface ListResource {
}

export interface ListResource__Output {
}
