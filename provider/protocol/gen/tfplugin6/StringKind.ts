// Original file: tfplugin6.10.proto

export const StringKind = {
  PLAIN: 'PLAIN',
  MARKDOWN: 'MARKDOWN',
} as const;

export type StringKind =
  | 'PLAIN'
  | 0
  | 'MARKDOWN'
  | 1

export type StringKind__Output = typeof StringKind[keyof typeof StringKind]
