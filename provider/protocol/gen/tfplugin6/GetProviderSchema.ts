// Original file: tfplugin6.10.proto

import type { Schema as _tfplugin6_Schema, Schema__Output as _tfplugin6_Schema__Output } from '../tfplugin6/Schema.js';
import type { Function as _tfplugin6_Function, Function__Output as _tfplugin6_Function__Output } from '../tfplugin6/Function.js';
import type { ActionSchema as _tfplugin6_ActionSchema, ActionSchema__Output as _tfplugin6_ActionSchema__Output } from '../tfplugin6/ActionSchema.js';
import type { Diagnostic as _tfplugin6_Diagnostic, Diagnostic__Output as _tfplugin6_Diagnostic__Output } from '../tfplugin6/Diagnostic.js';
import type { ServerCapabilities as _tfplugin6_ServerCapabilities, ServerCapabilities__Output as _tfplugin6_ServerCapabilities__Output } from '../tfplugin6/ServerCapabilities.js';

export interface _tfplugin6_GetProviderSchema_Request {
}

export interface _tfplugin6_GetProviderSchema_Request__Output {
}

export interface _tfplugin6_GetProviderSchema_Response {
  'provider'?: (_tfplugin6_Schema | null);
  'resourceSchemas'?: ({[key: string]: _tfplugin6_Schema});
  'dataSourceSchemas'?: ({[key: string]: _tfplugin6_Schema});
  'functions'?: ({[key: string]: _tfplugin6_Function});
  'ephemeralResourceSchemas'?: ({[key: string]: _tfplugin6_Schema});
  'listResourceSchemas'?: ({[key: string]: _tfplugin6_Schema});
  'stateStoreSchemas'?: ({[key: string]: _tfplugin6_Schema});
  'actionSchemas'?: ({[key: string]: _tfplugin6_ActionSchema});
  'diagnostics'?: (_tfplugin6_Diagnostic)[];
  'providerMeta'?: (_tfplugin6_Schema | null);
  'serverCapabilities'?: (_tfplugin6_ServerCapabilities | null);
}

export interface _tfplugin6_GetProviderSchema_Response__Output {
  'provider': (_tfplugin6_Schema__Output | null);
  'resourceSchemas': ({[key: string]: _tfplugin6_Schema__Output});
  'dataSourceSchemas': ({[key: string]: _tfplugin6_Schema__Output});
  'functions': ({[key: string]: _tfplugin6_Function__Output});
  'ephemeralResourceSchemas': ({[key: string]: _tfplugin6_Schema__Output});
  'listResourceSchemas': ({[key: string]: _tfplugin6_Schema__Output});
  'stateStoreSchemas': ({[key: string]: _tfplugin6_Schema__Output});
  'actionSchemas': ({[key: string]: _tfplugin6_ActionSchema__Output});
  'diagnostics': (_tfplugin6_Diagnostic__Output)[];
  'providerMeta': (_tfplugin6_Schema__Output | null);
  'serverCapabilities': (_tfplugin6_ServerCapabilities__Output | null);
}

export interface GetProviderSchema {
}

export interface GetProviderSchema__Output {
}
