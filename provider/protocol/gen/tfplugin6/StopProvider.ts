// Original file: tfplugin6.10.proto


export interface _tfplugin6_StopProvider_Request {
}

export interface _tfplugin6_StopProvider_Request__Output {
}

export interface _tfplugin6_StopProvider_Response {
  'Error'?: (string);
}

export interface _tfplugin6_StopProvider_Response__Output {
  'Error': (string);
}

export interface StopProvider {
}

export interface StopProvider__Output {
}
