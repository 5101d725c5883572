// Original file: tfplugin6.10.proto


/**
 * ClientCapabilities allows Terraform to publish information regarding
 * supported protocol features. This is used to indicate availability of
 * certain forward-compatible changes which may be optional in a major
 * protocol version, but cannot be tested for directly.
 */
export interface ClientCapabilities {
  /**
   * The deferral_allowed capability signals that the client is able to
   * handle deferred responses from the provider.
   */
  'deferralAllowed'?: (boolean);
  /**
   * The write_only_attributes_allowed capability signals that the client
   * is able to handle write_only attributes for managed resources.
   */
  'writeOnlyAttributesAllowed'?: (boolean);
}

/**
 * ClientCapabilities allows Terraform to publish information regarding
 * supported protocol features. This is used to indicate availability of
 * certain forward-compatible changes which may be optional in a major
 * protocol version, but cannot be tested for directly.
 */
export interface ClientCapabilities__Output {
  /**
   * The deferral_allowed capability signals that the client is able to
   * handle deferred responses from the provider.
   */
  'deferralAllowed': (boolean);
  /**
   * The write_only_attributes_allowed capability signals that the client
   * is able to handle write_only attributes for managed resources.
   */
  'writeOnlyAttributesAllowed': (boolean);
}
