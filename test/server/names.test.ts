import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, type Reply } from '../helpers/http.js'
import { runCli, startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer()
  client = api(server.url, (await createTestKey(server.dataDir)).key)
})
afterAll(() => server.stop())

/** What an attacker puts in a name to corrupt a terminal, a log or what a person reads. */
const HOSTILE = {
  NUL: 'web\u0000x',
  'an ANSI escape': 'web\u001b[31mred',
  DEL: 'web\u007f',
  'a C1 control (CSI)': 'web\u009b31m',
  'a line separator': 'web\u2028x',
  'a right-to-left override': 'web\u202egpj.exe',
  'a bidi isolate': 'web\u2066x\u2069',
  'an unpaired surrogate': 'web\ud800',
}

function expectRefusedName(reply: Reply): void {
  expect(reply.status).toBe(400)
  expect(reply.body.code).toBe('invalid_request')
  expect(reply.body.errors.map((e: { field: string }) => e.field)).toEqual(['name'])
}

describe('node names are host names', () => {
  for (const [what, name] of Object.entries(HOSTILE)) {
    it(`refuses ${what}`, async () => expectRefusedName(await client.post('/nodes', { name })))
  }

  for (const name of [
    'Web-1',
    '-web',
    'web-',
    'web_1',
    'web 1',
    ' web-1',
    'a'.repeat(64),
    '',
    'wéb',
  ]) {
    it(`refuses ${JSON.stringify(name.length > 20 ? `${name.slice(0, 8)}… (${name.length})` : name)}`, async () =>
      expectRefusedName(await client.post('/nodes', { name })))
  }

  it('accepts RFC 1123 labels up to 63 characters, and returns them as sent', async () => {
    for (const name of ['web-1', '1', 'a'.repeat(63), 'x-9-y']) {
      const res = await client.post('/nodes', { name })
      expect(res.status).toBe(201)
      expect(res.body.name).toBe(name)
    }
  })
})

describe('VPC names are printable', () => {
  for (const [what, name] of Object.entries(HOSTILE)) {
    it(`refuses ${what}`, async () =>
      expectRefusedName(await client.post('/api/v1/networking', { name })))
  }

  it('refuses names that are blank or longer than 63 characters', async () => {
    for (const name of ['', '   ', 'v'.repeat(64)])
      expectRefusedName(await client.post('/api/v1/networking', { name }))
  })

  it('accepts any printable Unicode, trimmed', async () => {
    const res = await client.post('/api/v1/networking', { name: '  Prod — Zürich 東京 🚀 ' })
    expect(res.status).toBe(201)
    expect(res.body.name).toBe('Prod — Zürich 東京 🚀')
    expect((await client.post('/api/v1/networking', { name: 'ü'.repeat(63) })).status).toBe(201)
  })
})

describe('VPC descriptions are printable text', () => {
  for (const [what, text] of Object.entries(HOSTILE)) {
    it(`refuses ${what}`, async () => {
      const reply = await client.post('/api/v1/networking', {
        name: `desc-${what.length}-${text.length}`,
        description: text,
      })
      expect(reply.status).toBe(400)
      expect(reply.body.errors.map((e: { field: string }) => e.field)).toEqual(['description'])
      // Nothing was created.
      const names = (await client.get('/api/v1/networking')).body.map(
        (vpc: { name: string }) => vpc.name
      )
      expect(names).not.toContain(`desc-${what.length}-${text.length}`)
    })
  }

  it('keeps lines and tabs', async () => {
    const description = 'API tier\n\tblue/green — 東京'
    const res = await client.post('/api/v1/networking', { name: 'described', description })
    expect(res.status).toBe(201)
    expect(res.body.description).toBe(description)
  })
})

describe('request bodies must be UTF-8', () => {
  it('refuses invalid UTF-8 with 400 invalid_body rather than replacing it', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"name":"bad'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ])
    const res = await fetch(new URL('/api/v1/networking', server.url), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${(await createTestKey(server.dataDir)).key}`,
        'Content-Type': 'application/json',
      },
      body: bytes,
    })
    const body = await res.json()
    expect(res.status).toBe(400)
    expect(body).toMatchObject({
      code: 'invalid_body',
      errors: [{ field: 'body', message: 'is not valid UTF-8' }],
    })
    const names = (await client.get('/api/v1/networking')).body.map((v: { name: string }) => v.name)
    expect(names.filter((name: string) => name.startsWith('bad'))).toEqual([])
  })
})

describe('API key names from the CLI are printable', () => {
  it('keys create refuses a control character in --name, naming the field', async () => {
    const res = await runCli(['keys', 'create', '--name', 'ci\u001b[2J', '--data', server.dataDir])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('name: must not contain control characters')
    const listed = JSON.parse(
      (await runCli(['keys', 'list', '--json', '--data', server.dataDir])).stdout
    )
    expect(listed.map((k: { name: string }) => k.name)).not.toContain('ci\u001b[2J')
  })

  it('keys create trims the name and refuses more than 100 characters', async () => {
    expect(
      (await runCli(['keys', 'create', '--name', 'k'.repeat(101), '--data', server.dataDir])).code
    ).toBe(1)
    expect(
      (await runCli(['keys', 'create', '--name', '  laptop  ', '--data', server.dataDir])).code
    ).toBe(0)
    const listed = JSON.parse(
      (await runCli(['keys', 'list', '--json', '--data', server.dataDir])).stdout
    )
    expect(listed.map((k: { name: string }) => k.name)).toContain('laptop')
  })
})

describe('NUL characters, which PostgreSQL cannot store or compare', () => {
  it('are refused with a 400 naming the field, in bodies, paths and query parameters alike', async () => {
    const cases: [Promise<Reply>, string][] = [
      [
        client.post('/api/v1/networking', { name: 'nul-region', region: 'eu\u0000central' }),
        'region',
      ],
      [client.post('/nodes', { vpc_id: 'vpc\u0000x' }), 'vpc_id'],
      [client.get('/nodes/node_a%00b'), 'path'],
      [client.get('/api/v1/compute?region=eu%00'), 'region'],
      [client.get('/api/v1/events?resource_id=x%00y'), 'resource_id'],
    ]
    for (const [reply, field] of cases) {
      const res = await reply
      expect([res.status, res.body.errors?.map((e: { field: string }) => e.field)]).toEqual([
        400,
        [field],
      ])
    }
    expect(
      (await client.get('/api/v1/networking')).body.map((vpc: { name: string }) => vpc.name)
    ).not.toContain('nul-region')
  })

  it('an event cursor past the id range is a 400, not a failed query', async () => {
    const res = await client.get('/api/v1/events?cursor=721091023200')
    expect([res.status, res.body.errors?.map((e: { field: string }) => e.field)]).toEqual([
      400,
      ['cursor'],
    ])
  })
})
