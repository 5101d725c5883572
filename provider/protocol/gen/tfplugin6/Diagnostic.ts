// Original file: tfplugin6.10.proto

import type { AttributePath as _tfplugin6_AttributePath, AttributePath__Output as _tfplugin6_AttributePath__Output } from '../tfplugin6/AttributePath.js';

// Original file: tfplugin6.10.proto

export const _tfplugin6_Diagnostic_Severity = {
  INVALID: 'INVALID',
  ERROR: 'ERROR',
  WARNING: 'WARNING',
} as const;

export type _tfplugin6_Diagnostic_Severity =
  | 'INVALID'
  | 0
  | 'ERROR'
  | 1
  | 'WARNING'
  | 2

export type _tfplugin6_Diagnostic_Severity__Output = typeof _tfplugin6_Diagnostic_Severity[keyof typeof _tfplugin6_Diagnostic_Severity]

export interface Diagnostic {
  'severity'?: (_tfplugin6_Diagnostic_Severity);
  'summary'?: (string);
  'detail'?: (string);
  'attribute'?: (_tfplugin6_AttributePath | null);
}

export interface Diagnostic__Output {
  'severity': (_tfplugin6_Diagnostic_Severity__Output);
  'summary': (string);
  'detail': (string);
  'attribute': (_tfplugin6_AttributePath__Output | null);
}
