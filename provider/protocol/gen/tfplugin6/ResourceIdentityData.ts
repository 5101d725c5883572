// Original file: tfplugin6.10.proto

import type { DynamicValue as _tfplugin6_DynamicValue, DynamicValue__Output as _tfplugin6_DynamicValue__Output } from '../tfplugin6/DynamicValue.js';

export interface ResourceIdentityData {
  /**
   * identity_data is the resource identity data for the given definition. It should
   * be decoded using the identity schema.
   * 
   * This data is considered permanent for the identity version and suitable for
   * longer-term storage.
   */
  'identityData'?: (_tfplugin6_DynamicValue | null);
}

export interface ResourceIdentityData__Output {
  /**
   * identity_data is the resource identity data for the given definition. It should
   * be decoded using the identity schema.
   * 
   * This data is considered permanent for the identity version and suitable for
   * longer-term storage.
   */
  'identityData': (_tfplugin6_DynamicValue__Output | null);
}
