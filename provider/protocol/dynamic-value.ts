/**
 * tfplugin6 DynamicValue codec: msgpack (and legacy JSON) bytes ⇄ {@link Value}, driven by the
 * schema's cty type exactly as go-cty's `cty/msgpack` and `cty/json` packages do it.
 * @module
 */
import { decode, encode, ExtData, ExtensionCodec } from '@msgpack/msgpack'
import {
  attributeType,
  elementType,
  isRecord,
  isUnknown,
  unknown,
  type CtyType,
  type Value,
  type ValueRecord,
} from '../framework/values.js'

/** A DynamicValue as it travels in tfplugin6 messages. */
export interface DynamicValueBytes {
  msgpack?: Uint8Array | null
  json?: Uint8Array | null
}

/** A value that does not fit the schema type; `path` says where. */
export class DynamicValueError extends Error {
  constructor(
    message: string,
    readonly path: (string | number)[]
  ) {
    super(path.length ? `${path.join('.')}: ${message}` : message)
  }
}

// cty marks unknowns with msgpack extension 0, or 12 when it adds refinements (not-null, string
// prefix, number or length bounds). We only need "unknown", so both decode to the same marker.
const UNKNOWN_EXT = 0
const REFINED_UNKNOWN_EXT = 12
const extensions = new ExtensionCodec()
for (const type of [UNKNOWN_EXT, REFINED_UNKNOWN_EXT]) {
  extensions.register({ type, encode: () => null, decode: () => unknown })
}

/** Decode a DynamicValue of the given type; msgpack wins when both encodings are present. */
export function decodeDynamicValue(dv: DynamicValueBytes | null | undefined, type: CtyType): Value {
  if (dv?.msgpack?.length) return decodeMsgpack(dv.msgpack, type)
  if (dv?.json?.length) return decodeJson(dv.json, type)
  return null
}

/** Encode a value as a msgpack DynamicValue, the encoding Terraform always accepts. */
export function encodeDynamicValue(value: Value, type: CtyType): { msgpack: Uint8Array } {
  return { msgpack: encodeMsgpack(value, type) }
}

/** Decode cty msgpack bytes of the given type. */
export function decodeMsgpack(bytes: Uint8Array, type: CtyType): Value {
  return fromWire(decode(bytes, { extensionCodec: extensions }), type, [], true)
}

/** Encode a value as cty msgpack bytes of the given type (object attributes sorted, as cty does). */
export function encodeMsgpack(value: Value, type: CtyType): Uint8Array {
  return encode(toWire(value, type, []), { sortKeys: true })
}

/**
 * Decode cty JSON (state files, RawState.json). Object attributes that the type does not know
 * are dropped and missing ones become null, so older state still decodes after a schema change.
 */
export function decodeJson(bytes: Uint8Array | string, type: CtyType): Value {
  const text = typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8')
  return fromWire(JSON.parse(text) as unknown, type, [], false)
}

function fromWire(raw: unknown, type: CtyType, path: (string | number)[], msgpack: boolean): Value {
  if (raw === null || raw === undefined) return null
  if (isUnknown(raw)) return raw
  const fail = (what: string) => new DynamicValueError(`${what} is required`, path)
  if (type === 'dynamic') return fromWireDynamic(raw, path, msgpack)
  if (type === 'string') {
    if (typeof raw !== 'string') throw fail('a string')
    return raw
  }
  if (type === 'number') return toNumber(raw, fail)
  if (type === 'bool') {
    if (typeof raw !== 'boolean') throw fail('a bool')
    return raw
  }
  const [kind] = type
  if (kind === 'list' || kind === 'set' || kind === 'tuple') {
    if (!Array.isArray(raw)) throw fail(`a ${kind}`)
    return raw.map((v, i) => {
      const t = elementType(type, i)
      if (!t) throw new DynamicValueError('too many tuple elements', [...path, i])
      return fromWire(v, t, [...path, i], msgpack)
    })
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) throw fail(`a ${kind}`)
  const rec = raw as Record<string, unknown>
  const out: ValueRecord = {}
  if (kind === 'map') {
    for (const [k, v] of Object.entries(rec)) out[k] = fromWire(v, type[1], [...path, k], msgpack)
    return out
  }
  for (const [name, t] of Object.entries(type[1])) {
    out[name] = fromWire(rec[name], t, [...path, name], msgpack)
  }
  return out
}

// A dynamic value carries its own type: msgpack [typeJSON bytes, value], JSON {value, type}.
function fromWireDynamic(raw: unknown, path: (string | number)[], msgpack: boolean): Value {
  if (msgpack) {
    if (!Array.isArray(raw) || raw.length !== 2) {
      throw new DynamicValueError('a [type, value] pair is required', path)
    }
    const [typeJson, inner] = raw as [Uint8Array | string, unknown]
    const text = typeof typeJson === 'string' ? typeJson : Buffer.from(typeJson).toString('utf8')
    return fromWire(inner, JSON.parse(text) as CtyType, path, msgpack)
  }
  const wrapped = raw as { value?: unknown; type?: CtyType }
  if (typeof wrapped !== 'object' || wrapped.type === undefined) {
    throw new DynamicValueError('a {value, type} object is required', path)
  }
  return fromWire(wrapped.value, wrapped.type, path, msgpack)
}

function toNumber(raw: unknown, fail: (what: string) => Error): number {
  if (typeof raw === 'number') return raw
  if (typeof raw === 'bigint') return Number(raw)
  // cty falls back to a decimal string for numbers that int64/float64 cannot hold exactly.
  if (typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw))) {
    return Number(raw)
  }
  throw fail('a number')
}

function toWire(value: Value, type: CtyType, path: (string | number)[]): unknown {
  // cty writes an unrefined unknown as fixext1 type 0 with one zero byte: d4 00 00.
  if (isUnknown(value)) return new ExtData(UNKNOWN_EXT, new Uint8Array([0]))
  if (value === null) return null
  const fail = (what: string) => new DynamicValueError(`${what} is required`, path)
  if (type === 'dynamic') {
    const actual = impliedType(value)
    return [Buffer.from(JSON.stringify(actual)), toWire(value, actual, path)]
  }
  if (type === 'string' || type === 'bool' || type === 'number') {
    if (typeof value !== ({ string: 'string', bool: 'boolean', number: 'number' } as const)[type]) {
      throw fail(`a ${type}`)
    }
    if (typeof value === 'number' && Number.isNaN(value)) throw fail('a number (not NaN)')
    return value
  }
  const [kind] = type
  if (kind === 'list' || kind === 'set' || kind === 'tuple') {
    if (!Array.isArray(value)) throw fail(`a ${kind}`)
    if (kind === 'tuple' && value.length !== type[1].length)
      throw fail(`${type[1].length} elements`)
    return value.map((v, i) => toWire(v, elementType(type, i) as CtyType, [...path, i]))
  }
  if (!isRecord(value)) throw fail(`a ${kind}`)
  const out: Record<string, unknown> = {}
  const names = kind === 'map' ? Object.keys(value) : Object.keys(type[1])
  for (const name of names) {
    out[name] = toWire(value[name] ?? null, attributeType(type, name) as CtyType, [...path, name])
  }
  if (kind === 'object') {
    const extra = Object.keys(value).find((k) => !(k in type[1]))
    if (extra) throw new DynamicValueError('unsupported attribute', [...path, extra])
  }
  return out
}

/** The cty type a plain value implies, used where the schema says `dynamic`. */
export function impliedType(value: Value): CtyType {
  if (typeof value === 'string') return 'string'
  if (typeof value === 'number') return 'number'
  if (typeof value === 'boolean') return 'bool'
  if (Array.isArray(value)) return ['tuple', value.map(impliedType)]
  if (isRecord(value)) {
    const attrs: Record<string, CtyType> = {}
    for (const [k, v] of Object.entries(value)) attrs[k] = impliedType(v)
    return ['object', attrs]
  }
  return 'dynamic'
}
