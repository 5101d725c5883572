// Original file: tfplugin6.10.proto

import type { StringKind as _tfplugin6_StringKind, StringKind__Output as _tfplugin6_StringKind__Output } from '../tfplugin6/StringKind.js';

export interface _tfplugin6_Function_Parameter {
  /**
   * name is the human-readable display name for the parameter.
   */
  'name'?: (string);
  /**
   * type is the type constraint for the parameter.
   */
  'type'?: (Buffer | Uint8Array | string);
  /**
   * allow_null_value when enabled denotes that a null argument value can
   * be passed to the provider. When disabled, Terraform returns an error
   * if the argument value is null.
   */
  'allowNullValue'?: (boolean);
  /**
   * allow_unknown_values when enabled denotes that only wholly known
   * argument values will be passed to the provider. When disabled,
   * Terraform skips the function call entirely and assumes an unknown
   * value result from the function.
   */
  'allowUnknownValues'?: (boolean);
  /**
   * description is human-readable documentation for the parameter.
   */
  'description'?: (string);
  /**
   * description_kind is the formatting of the description.
   */
  'descriptionKind'?: (_tfplugin6_StringKind);
}

export interface _tfplugin6_Function_Parameter__Output {
  /**
   * name is the human-readable display name for the parameter.
   */
  'name': (string);
  /**
   * type is the type constraint for the parameter.
   */
  'type': (Buffer);
  /**
   * allow_null_value when enabled denotes that a null argument value can
   * be passed to the provider. When disabled, Terraform returns an error
   * if the argument value is null.
   */
  'allowNullValue': (boolean);
  /**
   * allow_unknown_values when enabled denotes that only wholly known
   * argument values will be passed to the provider. When disabled,
   * Terraform skips the function call entirely and assumes an unknown
   * value result from the function.
   */
  'allowUnknownValues': (boolean);
  /**
   * description is human-readable documentation for the parameter.
   */
  'description': (string);
  /**
   * description_kind is the formatting of the description.
   */
  'descriptionKind': (_tfplugin6_StringKind__Output);
}

export interface _tfplugin6_Function_Return {
  /**
   * type is the type constraint for the function result.
   */
  'type'?: (Buffer | Uint8Array | string);
}

export interface _tfplugin6_Function_Return__Output {
  /**
   * type is the type constraint for the function result.
   */
  'type': (Buffer);
}

export interface Function {
  /**
   * parameters is the ordered list of positional function parameters.
   */
  'parameters'?: (_tfplugin6_Function_Parameter)[];
  /**
   * variadic_parameter is an optional final parameter which accepts
   * zero or more argument values, in which Terraform will send an
   * ordered list of the parameter type.
   */
  'variadicParameter'?: (_tfplugin6_Function_Parameter | null);
  /**
   * Return is the function return parameter.
   */
  'return'?: (_tfplugin6_Function_Return | null);
  /**
   * summary is the human-readable shortened documentation for the function.
   */
  'summary'?: (string);
  /**
   * description is human-readable documentation for the function.
   */
  'description'?: (string);
  /**
   * description_kind is the formatting of the description.
   */
  'descriptionKind'?: (_tfplugin6_StringKind);
  /**
   * deprecation_message is human-readable documentation if the
   * function is deprecated.
   */
  'deprecationMessage'?: (string);
}

export interface Function__Output {
  /**
   * parameters is the ordered list of positional function parameters.
   */
  'parameters': (_tfplugin6_Function_Parameter__Output)[];
  /**
   * variadic_parameter is an optional final parameter which accepts
   * zero or more argument values, in which Terraform will send an
   * ordered list of the parameter type.
   */
  'variadicParameter': (_tfplugin6_Function_Parameter__Output | null);
  /**
   * Return is the function return parameter.
   */
  'return': (_tfplugin6_Function_Return__Output | null);
  /**
   * summary is the human-readable shortened documentation for the function.
   */
  'summary': (string);
  /**
   * description is human-readable documentation for the function.
   */
  'description': (string);
  /**
   * description_kind is the formatting of the description.
   */
  'descriptionKind': (_tfplugin6_StringKind__Output);
  /**
   * deprecation_message is human-readable documentation if the
   * function is deprecated.
   */
  'deprecationMessage': (string);
}
