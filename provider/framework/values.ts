/**
 * Terraform values as plain TypeScript data: cty types in their JSON form and the value model
 * (null, unknown, primitives, arrays and records) that the codec and the resources share.
 * @module
 */

/** A cty type in the JSON form that tfplugin6 schemas carry (`"string"`, `["list","string"]`, …). */
export type CtyType =
  | 'string'
  | 'number'
  | 'bool'
  | 'dynamic'
  | readonly ['list' | 'set' | 'map', CtyType]
  | readonly ['object', { readonly [name: string]: CtyType }]
  | readonly ['object', { readonly [name: string]: CtyType }, readonly string[]]
  | readonly ['tuple', readonly CtyType[]]

/** A value that Terraform does not know yet ("known after apply"). */
export class Unknown {
  static readonly instance = new Unknown()
  // A private member makes the class nominal: without it every object (arrays, records) would
  // structurally match `Unknown` and type narrowing on `isUnknown` would go wrong.
  private readonly brand = 'unknown'
  private constructor() {}
  toString(): string {
    return '(known after apply)'
  }
}

/** The single unknown value; compare with `isUnknown(v)` or `v === unknown`. */
export const unknown: Unknown = Unknown.instance

/** Whether a value is the unknown marker. */
export function isUnknown(value: unknown): value is Unknown {
  return value === Unknown.instance
}

/** A Terraform value: lists, sets and tuples are arrays; maps and objects are records. */
export type Value = null | Unknown | string | number | boolean | Value[] | ValueRecord

/** A map or object value. */
export interface ValueRecord {
  [key: string]: Value
}

/** Whether a value is a record (map or object), as opposed to an array or a primitive. */
export function isRecord(value: Value | undefined): value is ValueRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isUnknown(value)
}

/** Whether a value is fully known, looking into collections. */
export function isWhollyKnown(value: Value): boolean {
  if (isUnknown(value)) return false
  if (Array.isArray(value)) return value.every(isWhollyKnown)
  if (isRecord(value)) return Object.values(value).every(isWhollyKnown)
  return true
}

/**
 * Deep equality of two values. An unknown equals nothing, not even another unknown, because
 * two unknowns may resolve to different values; set element order is not significant.
 */
export function valuesEqual(a: Value, b: Value, type?: CtyType): boolean {
  if (isUnknown(a) || isUnknown(b)) return false
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    const elem = elementType(type, 0)
    if (Array.isArray(type) && type[0] === 'set') {
      return a.every((x) => b.some((y) => valuesEqual(x, y, elem)))
    }
    return a.every((x, i) => valuesEqual(x, b[i] as Value, elementType(type, i)))
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const k of keys) {
    if (!valuesEqual(a[k] ?? null, b[k] ?? null, attributeType(type, k))) return false
  }
  return true
}

/** The type of element `index` of a list, set or tuple type (undefined for dynamic). */
export function elementType(type: CtyType | undefined, index: number): CtyType | undefined {
  if (!Array.isArray(type)) return undefined
  if (type[0] === 'tuple') return (type[1] as readonly CtyType[])[index]
  if (type[0] === 'list' || type[0] === 'set' || type[0] === 'map') return type[1] as CtyType
  return undefined
}

/** The type of attribute (or map key) `name` in an object or map type. */
export function attributeType(type: CtyType | undefined, name: string): CtyType | undefined {
  if (!Array.isArray(type)) return undefined
  if (type[0] === 'map') return type[1] as CtyType
  if (type[0] === 'object') return (type[1] as { [name: string]: CtyType })[name]
  return undefined
}
