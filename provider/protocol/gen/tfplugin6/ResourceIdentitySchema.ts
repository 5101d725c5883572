// Original file: tfplugin6.10.proto

import type { Long } from '@grpc/proto-loader';

/**
 * IdentityAttribute represents one value of data within resource identity. These
 * are always used in resource identity comparisons.
 */
export interface _tfplugin6_ResourceIdentitySchema_IdentityAttribute {
  /**
   * name is the identity attribute name
   */
  'name'?: (string);
  /**
   * type is the identity attribute type
   */
  'type'?: (Buffer | Uint8Array | string);
  /**
   * required_for_import when enabled signifies that this attribute must be
   * defined for ImportResourceState to complete successfully
   */
  'requiredForImport'?: (boolean);
  /**
   * optional_for_import when enabled signifies that this attribute is not
   * required for ImportResourceState, because it can be supplied by the
   * provider. It is still possible to supply this attribute during import.
   */
  'optionalForImport'?: (boolean);
  /**
   * description is a human-readable description of the attribute in Markdown
   */
  'description'?: (string);
}

/**
 * IdentityAttribute represents one value of data within resource identity. These
 * are always used in resource identity comparisons.
 */
export interface _tfplugin6_ResourceIdentitySchema_IdentityAttribute__Output {
  /**
   * name is the identity attribute name
   */
  'name': (string);
  /**
   * type is the identity attribute type
   */
  'type': (Buffer);
  /**
   * required_for_import when enabled signifies that this attribute must be
   * defined for ImportResourceState to complete successfully
   */
  'requiredForImport': (boolean);
  /**
   * optional_for_import when enabled signifies that this attribute is not
   * required for ImportResourceState, because it can be supplied by the
   * provider. It is still possible to supply this attribute during import.
   */
  'optionalForImport': (boolean);
  /**
   * description is a human-readable description of the attribute in Markdown
   */
  'description': (string);
}

/**
 * ResourceIdentitySchema represents the structure and types of data used to identify
 * a managed resource type. Effectively, resource identity is a versioned object
 * that can be used to compare resources, whether already managed and/or being
 * discovered.
 */
export interface ResourceIdentitySchema {
  /**
   * version is the identity version and separate from the Schema version.
   * Any time the structure or format of identity_attributes changes, this version
   * should be incremented. Versioning implicitly starts at 0 and by convention
   * should be incremented by 1 each change.
   * 
   * When comparing identity_attributes data, differing versions should always be treated
   * as inequal.
   */
  'version'?: (number | string | Long);
  /**
   * identity_attributes are the individual value definitions which define identity data
   * for a managed resource type. This information is used to decode DynamicValue of
   * identity data.
   * 
   * These attributes are intended for permanent identity data and must be wholly
   * representative of all data necessary to compare two managed resource instances
   * with no other data. This generally should include account, endpoint, location,
   * and automatically generated identifiers. For some resources, this may include
   * configuration-based data, such as a required name which must be unique.
   */
  'identityAttributes'?: (_tfplugin6_ResourceIdentitySchema_IdentityAttribute)[];
}

/**
 * ResourceIdentitySchema represents the structure and types of data used to identify
 * a managed resource type. Effectively, resource identity is a versioned object
 * that can be used to compare resources, whether already managed and/or being
 * discovered.
 */
export interface ResourceIdentitySchema__Output {
  /**
   * version is the identity version and separate from the Schema version.
   * Any time the structure or format of identity_attributes changes, this version
   * should be incremented. Versioning implicitly starts at 0 and by convention
   * should be incremented by 1 each change.
   * 
   * When comparing identity_attributes data, differing versions should always be treated
   * as inequal.
   */
  'version': (number);
  /**
   * identity_attributes are the individual value definitions which define identity data
   * for a managed resource type. This information is used to decode DynamicValue of
   * identity data.
   * 
   * These attributes are intended for permanent identity data and must be wholly
   * representative of all data necessary to compare two managed resource instances
   * with no other data. This generally should include account, endpoint, location,
   * and automatically generated identifiers. For some resources, this may include
   * configuration-based data, such as a required name which must be unique.
   */
  'identityAttributes': (_tfplugin6_ResourceIdentitySchema_IdentityAttribute__Output)[];
}
