import { describe, expect, it } from 'vitest'
import {
  MAX_SELECTOR_LENGTH,
  parseLabelSelector,
  SelectorError,
} from '../../server/labels/label-selector.js'
import { Labels } from '../../server/labels/labels.schema.js'
import { labelKeyProblem, labelValueProblem } from '../../server/labels/labels.rules.js'

describe('parseLabelSelector', () => {
  it.each([
    ['env=prod', [{ key: 'env', op: 'in', values: ['prod'] }]],
    ['env==prod', [{ key: 'env', op: 'in', values: ['prod'] }]],
    ['env!=prod', [{ key: 'env', op: 'notin', values: ['prod'] }]],
    ['env', [{ key: 'env', op: 'exists' }]],
    ['!env', [{ key: 'env', op: 'absent' }]],
    ['tier in (web,api)', [{ key: 'tier', op: 'in', values: ['web', 'api'] }]],
    ['tier notin (web)', [{ key: 'tier', op: 'notin', values: ['web'] }]],
    ['env=', [{ key: 'env', op: 'in', values: [''] }]],
    ['example.com/team=core', [{ key: 'example.com/team', op: 'in', values: ['core'] }]],
    ['in=notin', [{ key: 'in', op: 'in', values: ['notin'] }]],
  ])('parses %j', (input, expected) => {
    expect(parseLabelSelector(input)).toEqual(expected)
  })

  it('reads commas as AND, with white space anywhere between tokens', () => {
    expect(parseLabelSelector(' env = prod ,tier  in ( web , api ),! legacy ')).toEqual([
      { key: 'env', op: 'in', values: ['prod'] },
      { key: 'tier', op: 'in', values: ['web', 'api'] },
      { key: 'legacy', op: 'absent' },
    ])
  })

  it('takes the empty selector as matching everything', () => {
    expect(parseLabelSelector('')).toEqual([])
    expect(parseLabelSelector('   ')).toEqual([])
  })

  it.each([
    ['env in web', 'expected "(" to open a set of values, found "web" at character 8'],
    ['env in ()', 'expected at least one value in the set, found ")" at character 9'],
    ['env in (a', 'expected "," or ")" in a set of values, found the end'],
    ['env in (a b)', 'expected "," or ")" in a set of values, found "b" at character 11'],
    ['=prod', 'expected a label key, found "=" at character 1'],
    ['env=prod,', 'expected a label key, found the end'],
    [',env', 'expected a label key, found "," at character 1'],
    [
      'env prod',
      'expected "=", "==", "!=", "in" or "notin" after "env", found "prod" at character 5',
    ],
    ['env=a b', 'expected "," between requirements or the end, found "b" at character 7'],
    ['env>1', 'label key "env>1" must be a name'],
    ['-env', 'label key "-env" must be a name'],
    ['Example.com/x', 'label key "Example.com/x" has a prefix that is not a DNS subdomain'],
    ['/x', 'label key "/x" has an empty prefix'],
    ['a/', 'label key "a/" needs a name'],
    [`${'k'.repeat(64)}`, 'has a name longer than 63 characters'],
    [`k=${'v'.repeat(64)}`, 'must be at most 63 characters'],
    ["env=prod' OR '1'='1", `label value "prod'" must be empty or letters`],
    ['env=)', 'expected "," between requirements or the end, found ")" at character 5'],
    ['!!env', 'expected a label key, found "!" at character 2'],
    ['env=(a)', 'expected "," between requirements or the end, found "(" at character 5'],
  ])('refuses %j: %s', (input, message) => {
    expect(() => parseLabelSelector(input)).toThrow(SelectorError)
    expect(() => parseLabelSelector(input)).toThrow(message)
  })

  it('refuses a selector longer than its limit', () => {
    const long = Array.from({ length: 1000 }, (_, i) => `k${i}`).join(',')
    expect(long.length).toBeGreaterThan(MAX_SELECTOR_LENGTH)
    expect(() => parseLabelSelector(long)).toThrow(`at most ${MAX_SELECTOR_LENGTH} characters`)
  })
})

describe('label rules', () => {
  it.each([
    'a',
    'env',
    'A-b_c.D9',
    'example.com/team',
    'a.b-c.d/x',
    `${'p'.repeat(63)}.${'q'.repeat(63)}/${'n'.repeat(63)}`,
  ])('accepts the key %j', (key) => {
    expect(labelKeyProblem(key)).toBeUndefined()
  })

  it.each([
    '',
    '-a',
    'a-',
    '_a',
    'a b',
    'UPPER.com/x',
    'a..b/x',
    'a/b/c',
    "a'",
    'é',
    `${'x'.repeat(64)}`,
  ])('refuses the key %j', (key) => {
    expect(labelKeyProblem(key)).toBeDefined()
  })

  it('refuses a prefix longer than 253 characters', () => {
    const prefix = Array.from({ length: 5 }, () => 'p'.repeat(60)).join('.')
    expect(labelKeyProblem(`${prefix}/x`)).toMatch(/253/)
  })

  it.each(['', 'prod', 'v1.2_3-x', 'x'.repeat(63)])('accepts the value %j', (value) => {
    expect(labelValueProblem(value)).toBeUndefined()
  })

  it.each(['-x', 'x-', 'a b', 'a/b', "'; DROP TABLE labels; --", 'x'.repeat(64)])(
    'refuses the value %j',
    (value) => {
      expect(labelValueProblem(value)).toBeDefined()
    }
  )

  it('names each bad label by its key, and the count by the field', () => {
    const result = Labels.safeParse({ ok: 'v', 'bad key': 'v', good: '-bad' })
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((issue) => issue.path)).toEqual([['bad key'], ['good']])
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, 'v']))
    expect(Labels.safeParse(many).error!.issues[0]!.path).toEqual([])
    const limit = Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`k${i}`, 'v']))
    expect(Labels.safeParse(limit).success).toBe(true)
  })

  it('refuses a JSON __proto__ key instead of dropping it, and keeps constructor as a label', () => {
    const refused = Labels.safeParse(JSON.parse('{"__proto__":"x","env":"prod"}'))
    expect(refused.error!.issues.map((issue) => issue.path)).toEqual([['__proto__']])
    const kept = Labels.parse(JSON.parse('{"constructor":"y"}'))
    expect(Object.entries(kept)).toEqual([['constructor', 'y']])
  })
})
