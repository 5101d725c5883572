// Original file: tfplugin6.10.proto

import type { ResourceIdentitySchema as _tfplugin6_ResourceIdentitySchema, ResourceIdentitySchema__Output as _tfplugin6_ResourceIdentitySchema__Output } from '../tfplugin6/ResourceIdentitySchema.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_GetResourceIdentitySchemas_Request {
}

export interface _tfplugin6_GetResourceIdentitySchemas_Request__Output {
}

export interface _tfplugin6_GetResourceIdentitySchemas_Response {
  /**
   * identity_schemas is a mapping of resource type names to their identity schemas.
   */
  'identitySchemas'?: ({[key: string]: _tfplugin6_ResourceIdentitySchema});
  /**
   * diagnostics is the collection of warning and error diagnostics for this request.
   */
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
}

export interface _tfplugin6_GetResourceIdentitySchemas_Response__Output {
  /**
   * identity_schemas is a mapping of resource type names to their identity schemas.
   */
  'identitySchemas': ({[key: string]: _tfplugin6_ResourceIdentitySchema__Output});
  /**
   * diagnostics is the collection of warning and error diagnostics for this request.
   */
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
}

export interface GetResourceIdentitySchemas {
}

export interface GetResourceIdentitySchemas__Output {
}
