// Original file: tfplugin6.10.proto


// Original file: tfplugin6.10.proto

/**
 * Reason is the reason for deferring the change.
 */
export const _tfplugin6_Deferred_Reason = {
  /**
   * UNKNOWN is the default value, and should not be used.
   */
  UNKNOWN: 'UNKNOWN',
  /**
   * RESOURCE_CONFIG_UNKNOWN is used when the config is partially unknown and the real
   * values need to be known before the change can be planned.
   */
  RESOURCE_CONFIG_UNKNOWN: 'RESOURCE_CONFIG_UNKNOWN',
  /**
   * PROVIDER_CONFIG_UNKNOWN is used when parts of the provider configuration
   * are unknown, e.g. the provider configuration is only known after the apply is done.
   */
  PROVIDER_CONFIG_UNKNOWN: 'PROVIDER_CONFIG_UNKNOWN',
  /**
   * ABSENT_PREREQ is used when a hard dependency has not been satisfied.
   */
  ABSENT_PREREQ: 'ABSENT_PREREQ',
} as const;

/**
 * Reason is the reason for deferring the change.
 */
export type _tfplugin6_Deferred_Reason =
  /**
   * UNKNOWN is the default value, and should not be used.
   */
  | 'UNKNOWN'
  | 0
  /**
   * RESOURCE_CONFIG_UNKNOWN is used when the config is partially unknown and the real
   * values need to be known before the change can be planned.
   */
  | 'RESOURCE_CONFIG_UNKNOWN'
  | 1
  /**
   * PROVIDER_CONFIG_UNKNOWN is used when parts of the provider configuration
   * are unknown, e.g. the provider configuration is only known after the apply is done.
   */
  | 'PROVIDER_CONFIG_UNKNOWN'
  | 2
  /**
   * ABSENT_PREREQ is used when a hard dependency has not been satisfied.
   */
  | 'ABSENT_PREREQ'
  | 3

/**
 * Reason is the reason for deferring the change.
 */
export type _tfplugin6_Deferred_Reason__Output = typeof _tfplugin6_Deferred_Reason[keyof typeof _tfplugin6_Deferred_Reason]

/**
 * Deferred is a message that indicates that change is deferred for a reason.
 */
export interface Deferred {
  /**
   * reason is the reason for deferring the change.
   */
  'reason'?: (_tfplugin6_Deferred_Reason);
}

/**
 * Deferred is a message that indicates that change is deferred for a reason.
 */
export interface Deferred__Output {
  /**
   * reason is the reason for deferring the change.
   */
  'reason': (_tfplugin6_Deferred_Reason__Output);
}
