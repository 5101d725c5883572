// Original file: tfplugin6.10.proto


export interface RequestChunkMeta {
  'typeName'?: (string);
  'stateId'?: (string);
}

export interface RequestChunkMeta__Output {
  'typeName': (string);
  'stateId': (string);
}
