// Original file: tfplugin6.10.proto

import type { ServerCapabilities as _tfplugin6_ServerCapabilities, ServerCapabilities__Output as _tfplugin6_ServerCapabilities__Output } from '../tfplugin6/ServerCapabilities.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';

export interface _tfplugin6_GetMetadata_ActionMetadata {
  'typeName'?: (string);
}

export interface _tfplugin6_GetMetadata_ActionMetadata__Output {
  'typeName': (string);
}

export interface _tfplugin6_GetMetadata_DataSourceMetadata {
  'typeName'?: (string);
}

export interface _tfplugin6_GetMetadata_DataSourceMetadata__Output {
  'typeName': (string);
}

export interface _tfplugin6_GetMetadata_EphemeralMetadata {
  'typeName'?: (string);
}

export interface _tfplugin6_GetMetadata_EphemeralMetadata__Output {
  'typeName': (string);
}

export interface _tfplugin6_GetMetadata_FunctionMetadata {
  /**
   * name is the function name.
   */
  'name'?: (string);
}

export interface _tfplugin6_GetMetadata_FunctionMetadata__Output {
  /**
   * name is the function name.
   */
  'name': (string);
}

export interface _tfplugin6_GetMetadata_ListResourceMetadata {
  'typeName'?: (string);
}

export interface _tfplugin6_GetMetadata_ListResourceMetadata__Output {
  'typeName': (string);
}

export interface _tfplugin6_GetMetadata_Request {
}

export interface _tfplugin6_GetMetadata_Request__Output {
}

export interface _tfplugin6_GetMetadata_ResourceMetadata {
  'typeName'?: (string);
}

export interface _tfplugin6_GetMetadata_ResourceMetadata__Output {
  'typeName': (string);
}

export interface _tfplugin6_GetMetadata_Response {
  'serverCapabilities'?: (_tfplugin6_ServerCapabilities | null);
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  'dataSources'?: (_tfplugin6_GetMetadata_DataSourceMetadata)[];
  'resources'?: (_tfplugin6_GetMetadata_ResourceMetadata)[];
  /**
   * functions returns metadata for any functions.
   */
  'functions'?: (_tfplugin6_GetMetadata_FunctionMetadata)[];
  'ephemeralResources'?: (_tfplugin6_GetMetadata_EphemeralMetadata)[];
  'listResources'?: (_tfplugin6_GetMetadata_ListResourceMetadata)[];
  'stateStores'?: (_tfplugin6_GetMetadata_StateStoreMetadata)[];
  'actions'?: (_tfplugin6_GetMetadata_ActionMetadata)[];
}

export interface _tfplugin6_GetMetadata_Response__Output {
  'serverCapabilities': (_tfplugin6_ServerCapabilities__Output | null);
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  'dataSources': (_tfplugin6_GetMetadata_DataSourceMetadata__Output)[];
  'resources': (_tfplugin6_GetMetadata_ResourceMetadata__Output)[];
  /**
   * functions returns metadata for any functions.
   */
  'functions': (_tfplugin6_GetMetadata_FunctionMetadata__Output)[];
  'ephemeralResources': (_tfplugin6_GetMetadata_EphemeralMetadata__Output)[];
  'listResources': (_tfplugin6_GetMetadata_ListResourceMetadata__Output)[];
  'stateStores': (_tfplugin6_GetMetadata_StateStoreMetadata__Output)[];
  'actions': (_tfplugin6_GetMetadata_ActionMetadata__Output)[];
}

export interface _tfplugin6_GetMetadata_StateStoreMetadata {
  'typeName'?: (string);
}

export interface _tfplugin6_GetMetadata_StateStoreMetadata__Output {
  'typeName': (string);
}

export interface GetMetadata {
}

export interface GetMetadata__Output {
}
