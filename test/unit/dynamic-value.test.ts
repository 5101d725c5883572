import { describe, expect, it } from 'vitest'
import {
  decodeDynamicValue,
  decodeJson,
  decodeMsgpack,
  encodeMsgpack,
} from '../../provider/protocol/dynamic-value.js'
import { isUnknown, unknown, type CtyType, type Value } from '../../provider/framework/values.js'

// Byte vectors printed by go-cty v1.18.0's cty/msgpack and cty/json (the versions OpenTofu
// v1.12.6 links), from a throwaway Go program: msgpack.Marshal(value, type) → hex.
const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'))
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex')

const objectType: CtyType = [
  'object',
  {
    id: 'string',
    name: 'string',
    gpu: 'bool',
    tags: ['map', 'string'],
    disks: ['list', ['object', { size: 'number' }]],
    timeouts: ['object', { create: 'string' }],
  },
]
const dynamicType: CtyType = ['object', { any: 'dynamic' }]

// [name, type, value, go-cty hex]: each must decode to value and encode back to the same bytes.
const roundTrips: [string, CtyType, Value, string][] = [
  ['string', 'string', 'hello', 'a568656c6c6f'],
  ['small int', 'number', 42, '2a'],
  ['uint16', 'number', 300, 'cd012c'],
  ['negative int', 'number', -7, 'f9'],
  ['float', 'number', 3.5, 'cb400c000000000000'],
  ['infinity', 'number', Infinity, 'cb7ff0000000000000'],
  ['bool', 'bool', true, 'c3'],
  ['null', 'string', null, 'c0'],
  ['unknown', 'string', unknown, 'd40000'],
  ['list', ['list', 'string'], ['a', 'b'], '92a161a162'],
  ['set', ['set', 'number'], [1, 2], '920102'],
  ['empty list', ['list', 'string'], [], '90'],
  ['tuple', ['tuple', ['string', 'number']], ['a', 1], '92a16101'],
  [
    'map with byte-sorted keys',
    ['map', 'string'],
    { b: '2', a: '1', '10': 'x', '9': 'y' },
    '84a23130a178a139a179a161a131a162a132',
  ],
  [
    'object with unknown, null and nested list of objects',
    objectType,
    { id: unknown, name: 'web-1', gpu: false, tags: null, disks: [{ size: 20 }], timeouts: null },
    '86a56469736b739181a473697a6514a3677075c2a26964d40000a46e616d65a57765622d31a474616773c0a874696d656f757473c0',
  ],
  ['dynamic string', dynamicType, { any: 'x' }, '81a3616e7992c40822737472696e6722a178'],
  ['dynamic unknown', dynamicType, { any: unknown }, '81a3616e79d40000'],
  ['dynamic null', dynamicType, { any: null }, '81a3616e79c0'],
  [
    'dynamic object',
    dynamicType,
    { any: { n: 1 } },
    '81a3616e7992c4195b226f626a656374222c7b226e223a226e756d626572227d5d81a16e01',
  ],
]

describe('DynamicValue msgpack', () => {
  for (const [name, type, value, bytes] of roundTrips) {
    it(`decodes and re-encodes ${name} byte for byte`, () => {
      expect(decodeMsgpack(hex(bytes), type)).toEqual(value)
      expect(toHex(encodeMsgpack(value, type))).toBe(bytes)
    })
  }

  it('decodes a number too big for float64 exactness, sent as a string', () => {
    const bytes = 'b43138343436373434303733373039353531363136'
    expect(decodeMsgpack(hex(bytes), 'number')).toBe(18446744073709551616)
  })

  it('decodes refined unknowns (extension 12) as unknown', () => {
    expect(isUnknown(decodeMsgpack(hex('c7030c8101c2'), 'string'))).toBe(true)
    expect(isUnknown(decodeMsgpack(hex('d70c8201c202a36e705f'), 'string'))).toBe(true)
    expect(isUnknown(decodeMsgpack(hex('c7050c81039201c3'), 'number'))).toBe(true)
  })

  it('rejects a value of the wrong type with its attribute path', () => {
    const value = { id: 'x', name: 1, gpu: null, tags: null, disks: null, timeouts: null }
    expect(() => encodeMsgpack(value, objectType)).toThrow('name: a string is required')
  })

  it('rejects attributes the object type does not have', () => {
    expect(() => encodeMsgpack({ any: null, other: 'x' }, dynamicType)).toThrow('other')
  })

  it('writes missing object attributes as null', () => {
    const bytes = encodeMsgpack({ name: 'web-1' }, ['object', { id: 'string', name: 'string' }])
    expect(toHex(bytes)).toBe('82a26964c0a46e616d65a57765622d31')
  })
})

describe('DynamicValue JSON', () => {
  it('decodes go-cty JSON of an object', () => {
    const json =
      '{"disks":[],"gpu":true,"id":"abc","name":"web-1","tags":{"env":"prod"},"timeouts":null}'
    expect(decodeJson(Buffer.from(json), objectType)).toEqual({
      id: 'abc',
      name: 'web-1',
      gpu: true,
      tags: { env: 'prod' },
      disks: [],
      timeouts: null,
    })
  })

  it('decodes a dynamic attribute from its {value, type} wrapper', () => {
    const json = '{"any":{"value":["a"],"type":["list","string"]}}'
    expect(decodeJson(json, dynamicType)).toEqual({ any: ['a'] })
  })

  it('drops attributes the schema no longer has and fills new ones with null', () => {
    const json = '{"id":"abc","removed":"x"}'
    expect(decodeJson(json, ['object', { id: 'string', added: 'number' }])).toEqual({
      id: 'abc',
      added: null,
    })
  })

  it('prefers msgpack over json and treats an empty DynamicValue as null', () => {
    expect(decodeDynamicValue({ msgpack: hex('a568656c6c6f'), json: null }, 'string')).toBe('hello')
    expect(decodeDynamicValue({ json: Buffer.from('"hi"') }, 'string')).toBe('hi')
    expect(decodeDynamicValue({}, 'string')).toBe(null)
  })
})
