import { describe, expect, it } from 'vitest'
import { planChange } from '../../provider/framework/plan.js'
import { attr, block, blockType, nested, schema, t } from '../../provider/framework/schema.js'
import { parseDuration, timeoutFor, timeouts } from '../../provider/framework/timeouts.js'
import { unknown, valuesEqual } from '../../provider/framework/values.js'
import { attributePathMessage, schemaMessage } from '../../provider/protocol/convert.js'
import { problemDiagnostics } from '../../provider/framework/diagnostics.js'
import { logThreshold } from '../../provider/protocol/log.js'

const node = schema({
  version: 1,
  attributes: {
    id: attr.string({ computed: true }),
    name: attr.string({ required: true }),
    region: attr.string({ optional: true, computed: true, requiresReplace: true }),
    ip_address: attr.string({ computed: true }),
    labels: attr.map(t.string, { optional: true }),
  },
  blocks: {
    volume: block('list', {
      attributes: { gb: attr.number({ required: true }), id: attr.string({ computed: true }) },
    }),
    timeouts: timeouts(['create']),
  },
})

const prior = {
  id: 'n1',
  name: 'web',
  region: 'eu',
  ip_address: '203.0.113.7',
  labels: null,
  volume: [{ gb: 10, id: 'v1' }],
  timeouts: null,
}
const config = {
  ...prior,
  id: null,
  region: null,
  ip_address: null,
  volume: [{ gb: 10, id: null }],
}

describe('planChange', () => {
  it('marks computed attributes unknown on create, unless configured', () => {
    const { planned } = planChange(
      node,
      null,
      { ...config, region: 'us' },
      { ...config, region: 'us' }
    )
    expect(planned).toMatchObject({ id: unknown, region: 'us', ip_address: unknown })
    expect(planned).toMatchObject({ volume: [{ gb: 10, id: unknown }] })
  })

  it('plans exactly the prior state when nothing changed', () => {
    expect(planChange(node, prior, prior, config)).toEqual({ planned: prior, requiresReplace: [] })
  })

  it('keeps prior computed values on update, and leaves new parts unknown', () => {
    const proposed = { ...prior, name: 'api', volume: [...prior.volume, { gb: 20, id: null }] }
    const { planned, requiresReplace } = planChange(node, prior, proposed, config)
    expect(requiresReplace).toEqual([])
    expect(planned).toMatchObject({ id: 'n1', ip_address: '203.0.113.7', name: 'api' })
    expect(planned).toMatchObject({ volume: [{ id: 'v1' }, { gb: 20, id: unknown }] })
  })

  it('requires replacement when a requires-replace attribute changes', () => {
    const proposed = { ...prior, region: 'us' }
    const { planned, requiresReplace } = planChange(node, prior, proposed, {
      ...config,
      region: 'us',
    })
    expect(requiresReplace).toEqual([['region']])
    expect(planned).toMatchObject({ id: unknown, ip_address: unknown, region: 'us' })
  })

  it('requires replacement where the resource says so for this plan only, with computed values unknown', () => {
    const proposed = { ...prior, name: 'api' }
    const byName = () => [['name']]
    const { planned, requiresReplace } = planChange(node, prior, proposed, config, byName)
    expect(requiresReplace).toEqual([['name']])
    expect(planned).toMatchObject({ id: unknown, ip_address: unknown, name: 'api' })
    // Not asked on create: there is nothing to replace.
    expect(planChange(node, null, proposed, config, byName).requiresReplace).toEqual([])
  })

  it('plans null for destroy', () => {
    expect(planChange(node, prior, null, null)).toEqual({ planned: null, requiresReplace: [] })
  })
})

describe('schema DSL', () => {
  it('builds the cty object type of a schema', () => {
    expect(blockType(node)).toEqual([
      'object',
      {
        id: 'string',
        name: 'string',
        region: 'string',
        ip_address: 'string',
        labels: ['map', 'string'],
        volume: ['list', ['object', { gb: 'number', id: 'string' }]],
        timeouts: ['object', { create: 'string' }],
      },
    ])
  })

  it('converts to a tfplugin6 schema with sorted attributes and nested blocks', () => {
    const msg = schemaMessage(node)
    expect(msg.version).toBe(1)
    const attrs = msg.block!.attributes!
    expect(attrs.map((a) => a.name)).toEqual(['id', 'ip_address', 'labels', 'name', 'region'])
    expect(attrs.find((a) => a.name === 'labels')).toMatchObject({ optional: true })
    expect(Buffer.from(attrs.find((a) => a.name === 'labels')!.type as Buffer).toString()).toBe(
      '["map","string"]'
    )
    expect(msg.block!.blockTypes!.map((b) => [b.typeName, b.nesting])).toEqual([
      ['timeouts', 'SINGLE'],
      ['volume', 'LIST'],
    ])
  })

  it('supports nested attributes', () => {
    const s = schema({
      attributes: {
        ports: nested('set', { port: attr.number({ required: true }) }, { optional: true }),
      },
    })
    expect(blockType(s)).toEqual(['object', { ports: ['set', ['object', { port: 'number' }]] }])
    expect(schemaMessage(s).block!.attributes![0]!.nestedType).toMatchObject({ nesting: 'SET' })
  })

  it('rejects an attribute that is neither required, optional nor computed', () => {
    expect(() => attr.string({})).toThrow('must be required, optional or computed')
  })
})

describe('values and diagnostics', () => {
  it('compares sets without regard to order and never equates unknowns', () => {
    expect(valuesEqual([1, 2], [2, 1], ['set', 'number'])).toBe(true)
    expect(valuesEqual([1, 2], [2, 1], ['list', 'number'])).toBe(false)
    expect(valuesEqual(unknown, unknown)).toBe(false)
  })

  it('turns API problem field errors into attribute-path diagnostics', () => {
    const diags = problemDiagnostics({
      status: 400,
      title: 'Invalid request',
      request_id: 'req-1',
      errors: [{ field: 'volume.0.gb', message: 'too small' }],
    })
    expect(diags).toEqual([
      {
        severity: 'error',
        summary: 'Invalid request',
        detail: 'too small\n\nRequest ID: req-1',
        path: ['volume', 0, 'gb'],
      },
    ])
    expect(attributePathMessage(['volume', 0, 'gb']).steps).toEqual([
      { attributeName: 'volume' },
      { elementKeyInt: 0 },
      { attributeName: 'gb' },
    ])
  })

  it('keeps the dots of a label key, so the diagnostic points at that map element', () => {
    const [diag] = problemDiagnostics({
      status: 400,
      title: 'Bad Request',
      errors: [{ field: 'labels.example.com/tier', message: 'bad key' }],
    })
    expect(diag!.path).toEqual(['labels', { key: 'example.com/tier' }])
    expect(attributePathMessage(diag!.path!).steps).toEqual([
      { attributeName: 'labels' },
      { elementKeyString: 'example.com/tier' },
    ])
  })
})

describe('timeouts', () => {
  it('parses Go-style durations', () => {
    expect(parseDuration('90s')).toBe(90_000)
    expect(parseDuration('1h30m')).toBe(5_400_000)
    expect(() => parseDuration('10 minutes')).toThrow('is not a duration')
  })

  it('falls back to the default and reports bad values on their path', () => {
    expect(timeoutFor(null, 'create', 5000)).toBe(5000)
    expect(timeoutFor({ create: '2m' }, 'create', 5000)).toBe(120_000)
    expect(() => timeoutFor({ create: 'soon' }, 'create', 5000)).toThrow('Invalid timeout')
  })
})

describe('provider log level', () => {
  it('follows TF_LOG_PROVIDER, then TF_LOG, and writes only warnings and errors when neither asks for more', () => {
    expect(logThreshold({})).toBe('warn')
    expect(logThreshold({ TF_LOG: 'DEBUG' })).toBe('debug')
    expect(logThreshold({ TF_LOG: 'json' })).toBe('trace')
    expect(logThreshold({ TF_LOG: 'trace', TF_LOG_PROVIDER: 'error' })).toBe('error')
    expect(logThreshold({ TF_LOG: 'off' })).toBe('warn')
  })
})
