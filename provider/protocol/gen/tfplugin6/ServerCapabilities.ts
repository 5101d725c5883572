// Original file: tfplugin6.10.proto


/**
 * ServerCapabilities allows providers to communicate extra information
 * regarding supported protocol features. This is used to indicate
 * availability of certain forward-compatible changes which may be optional
 * in a major protocol version, but cannot be tested for directly.
 */
export interface ServerCapabilities {
  /**
   * The plan_destroy capability signals that a provider expects a call
   * to PlanResourceChange when a resource is going to be destroyed.
   */
  'planDestroy'?: (boolean);
  /**
   * The get_provider_schema_optional capability indicates that this
   * provider does not require calling GetProviderSchema to operate
   * normally, and the caller can used a cached copy of the provider's
   * schema.
   */
  'getProviderSchemaOptional'?: (boolean);
  /**
   * The move_resource_state capability signals that a provider supports the
   * MoveResourceState RPC.
   */
  'moveResourceState'?: (boolean);
  /**
   * The generate_resource_config capability signals that a provider supports
   * GenerateResourceConfig.
   */
  'generateResourceConfig'?: (boolean);
}

/**
 * ServerCapabilities allows providers to communicate extra information
 * regarding supported protocol features. This is used to indicate
 * availability of certain forward-compatible changes which may be optional
 * in a major protocol version, but cannot be tested for directly.
 */
export interface ServerCapabilities__Output {
  /**
   * The plan_destroy capability signals that a provider expects a call
   * to PlanResourceChange when a resource is going to be destroyed.
   */
  'planDestroy': (boolean);
  /**
   * The get_provider_schema_optional capability indicates that this
   * provider does not require calling GetProviderSchema to operate
   * normally, and the caller can used a cached copy of the provider's
   * schema.
   */
  'getProviderSchemaOptional': (boolean);
  /**
   * The move_resource_state capability signals that a provider supports the
   * MoveResourceState RPC.
   */
  'moveResourceState': (boolean);
  /**
   * The generate_resource_config capability signals that a provider supports
   * GenerateResourceConfig.
   */
  'generateResourceConfig': (boolean);
}
