import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { testCallers, type Caller } from '../helpers/callers.js'
import { api } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { generateKey } from '../helpers/ssh-keys.js'

let server: TestServer
let client: Caller
let stranger: Caller

beforeAll(async () => {
  server = await startServer()
  ;({ client, stranger } = await testCallers(server))
})
afterAll(() => server.stop())

const idsOf = async (c = client): Promise<string[]> =>
  (await c.get('/api/v1/ssh-keys')).body.map((k: { id: string }) => k.id)

describe('POST /api/v1/ssh-keys', () => {
  it.each([
    ['ed25519', {}],
    ['ecdsa', { bits: 256 }],
    ['ecdsa', { bits: 384 }],
    ['ecdsa', { bits: 521 }],
    ['rsa', { bits: 2048 }],
    ['rsa', { bits: 3072 }],
  ] as const)('accepts %s %o with the fingerprint ssh-keygen prints', async (type, options) => {
    const key = generateKey(type, options)
    const name = `${type}-${'bits' in options ? options.bits : 'default'}`
    const res = await client.post('/api/v1/ssh-keys', { name, public_key: key.publicKey })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.stringMatching(/^sshkey_[a-z2-7]{20}$/),
      name,
      public_key: key.publicKey,
      fingerprint: key.fingerprint,
      created_at: expect.any(String),
      labels: {},
    })
    expect((await client.get(`/api/v1/ssh-keys/${res.body.id}`)).body).toEqual(res.body)
  })

  it('trims the white space a .pub file ends with', async () => {
    const key = generateKey('ed25519')
    const res = await client.post('/api/v1/ssh-keys', {
      name: 'from-file',
      public_key: `${key.publicKey}\n`,
    })
    expect(res.status).toBe(201)
    expect(res.body.public_key).toBe(key.publicKey)
  })

  it('answers 400 naming the field for refused keys and bad bodies, and adds nothing', async () => {
    const ed25519 = generateKey('ed25519')
    const rsa = generateKey('rsa', { bits: 2048 })
    const [, ed25519Blob] = ed25519.publicKey.split(' ')
    const before = await idsOf()
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: 'dsa', public_key: generateKey('dsa').publicKey }, 'public_key', /DSA/],
      [
        { name: 'short-rsa', public_key: generateKey('rsa', { bits: 1024 }).publicKey },
        'public_key',
        /2048 bits/,
      ],
      [{ name: 'private', public_key: ed25519.privateKey }, 'public_key', /private key/],
      [{ name: 'private-rsa', public_key: rsa.privateKey }, 'public_key', /private key/],
      [{ name: 'garbage', public_key: 'ssh-ed25519 AAAAnotakey' }, 'public_key', /not a valid/],
      [{ name: 'words', public_key: 'hello world' }, 'public_key', /not accepted/],
      [{ name: 'mismatch', public_key: `ssh-rsa ${ed25519Blob}` }, 'public_key', /not a valid/],
      [
        { name: 'escape', public_key: `${ed25519.publicKey}\u001b[31m` },
        'public_key',
        /control characters/,
      ],
      [
        { name: 'two-lines', public_key: `${ed25519.publicKey}\n${rsa.publicKey}` },
        'public_key',
        /one line/,
      ],
      [
        { name: 'options', public_key: `command="id" ${ed25519.publicKey}` },
        'public_key',
        /not accepted|one line/,
      ],
      [{ name: 'empty', public_key: '  ' }, 'public_key', /required/],
      [{ name: 'number', public_key: 42 }, 'public_key', /string/],
      [{ name: 'huge', public_key: `ssh-rsa ${'A'.repeat(9000)}` }, 'public_key', /at most/],
      [{ public_key: ed25519.publicKey }, 'name', /required/],
      [{ name: 'x'.repeat(64), public_key: ed25519.publicKey }, 'name', /at most 63/],
      [{ name: 'bell\u0007', public_key: ed25519.publicKey }, 'name', /control characters/],
      [{ name: 'extra', public_key: ed25519.publicKey, tags: {} }, 'tags', /not a known field/],
      [
        { name: 'bad-label', public_key: ed25519.publicKey, labels: { 'a b': 'c' } },
        'labels.a b',
        /key must be a name/,
      ],
    ]
    for (const [body, field, message] of cases) {
      const res = await client.post('/api/v1/ssh-keys', body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/problem+json')
      const error = res.body.errors.find((e: { field: string }) => e.field === field)
      expect(error, JSON.stringify(res.body)).toBeDefined()
      expect(error.message).toMatch(message)
    }
    expect(await idsOf()).toEqual(before)
  })

  it('answers 409 ssh_key_name_taken for a second key of the same name', async () => {
    await client.post('/api/v1/ssh-keys', {
      name: 'twice',
      public_key: generateKey('ed25519').publicKey,
    })
    const res = await client.post('/api/v1/ssh-keys', {
      name: 'twice',
      public_key: generateKey('ed25519').publicKey,
    })
    expect([res.status, res.body.code]).toEqual([409, 'ssh_key_name_taken'])
  })

  it('answers 409 ssh_key_exists for the same key under another name or comment, naming the first', async () => {
    const key = generateKey('ed25519', { comment: 'first' })
    const first = await client.post('/api/v1/ssh-keys', {
      name: 'original',
      public_key: key.publicKey,
    })
    const again = key.publicKey.replace(/ first$/, ' another comment')
    const res = await client.post('/api/v1/ssh-keys', { name: 'copy', public_key: again })
    expect([res.status, res.body.code, res.body.ssh_key_id]).toEqual([
      409,
      'ssh_key_exists',
      first.body.id,
    ])
    expect(res.body.detail).toContain(key.fingerprint)
  })

  it('lets two concurrent requests with one name add exactly one key', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        client.post('/api/v1/ssh-keys', {
          name: 'race',
          public_key: generateKey('ed25519').publicKey,
        })
      )
    )
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409])
  })
})

describe('GET /api/v1/ssh-keys', () => {
  it('lists the keys of the account, oldest first', async () => {
    const a = await client.post('/api/v1/ssh-keys', {
      name: 'list-a',
      public_key: generateKey('ed25519').publicKey,
    })
    const b = await client.post('/api/v1/ssh-keys', {
      name: 'list-b',
      public_key: generateKey('ed25519').publicKey,
    })
    const ids = await idsOf()
    expect(ids.indexOf(a.body.id)).toBeLessThan(ids.indexOf(b.body.id))
  })
})

describe('DELETE /api/v1/ssh-keys/{id}', () => {
  it('returns 204, then 404, and frees the name and the key', async () => {
    const key = generateKey('ed25519')
    const created = await client.post('/api/v1/ssh-keys', {
      name: 'short-lived',
      public_key: key.publicKey,
    })
    const res = await client.delete(`/api/v1/ssh-keys/${created.body.id}`)
    expect([res.status, res.text]).toEqual([204, ''])
    const gone = await client.get(`/api/v1/ssh-keys/${created.body.id}`)
    expect([gone.status, gone.body.code]).toEqual([404, 'ssh_key_not_found'])
    expect((await client.delete(`/api/v1/ssh-keys/${created.body.id}`)).status).toBe(404)
    expect(
      (await client.post('/api/v1/ssh-keys', { name: 'short-lived', public_key: key.publicKey }))
        .status
    ).toBe(201)
  })

  it('records ssh_key.created and ssh_key.deleted with the name and fingerprint', async () => {
    const key = generateKey('ed25519')
    const created = await client.post('/api/v1/ssh-keys', {
      name: 'on-record',
      public_key: key.publicKey,
    })
    await client.delete(`/api/v1/ssh-keys/${created.body.id}`)
    const events = (await client.get(`/api/v1/events?order=oldest&resource_id=${created.body.id}`))
      .body.events
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'ssh_key.created',
      'ssh_key.deleted',
    ])
    for (const event of events)
      expect(event.data).toEqual({ name: 'on-record', fingerprint: key.fingerprint })
  })
})

describe('tenants are strangers', () => {
  it("answers 404 for another account's key on every route and leaves it intact", async () => {
    const key = generateKey('ed25519')
    const mine = await client.post('/api/v1/ssh-keys', {
      name: 'private-to-me',
      public_key: key.publicKey,
    })
    const path = `/api/v1/ssh-keys/${mine.body.id}`
    const patch = (json: unknown) => stranger.request('PATCH', path, { json })
    for (const res of [
      await stranger.get(path),
      await patch({ name: 'taken-over', labels: { owner: 'stranger' } }),
      await patch({}),
      await stranger.delete(path),
    ]) {
      expect([res.status, res.body.code]).toEqual([404, 'ssh_key_not_found'])
      expect(res.text).not.toContain(key.fingerprint)
    }
    expect(await idsOf(stranger)).not.toContain(mine.body.id)
    expect((await client.get(path)).body).toEqual(mine.body)
    const events = (await stranger.get(`/api/v1/events?resource_id=${mine.body.id}`)).body.events
    expect(events).toEqual([])
  })

  it('lets another account add the same key under the same name', async () => {
    const key = generateKey('ed25519')
    await client.post('/api/v1/ssh-keys', { name: 'shared-laptop', public_key: key.publicKey })
    const res = await stranger.post('/api/v1/ssh-keys', {
      name: 'shared-laptop',
      public_key: key.publicKey,
    })
    expect(res.status).toBe(201)
    expect(res.body.fingerprint).toBe(key.fingerprint)
  })
})

describe('scopes', () => {
  it('lets a read key list and get but not add, change or delete', async () => {
    const reader = api(server.url, (await createTestKey(server.dataDir, 'read')).key)
    const created = await client.post('/api/v1/ssh-keys', {
      name: 'read-only',
      public_key: generateKey('ed25519').publicKey,
    })
    expect((await reader.get(`/api/v1/ssh-keys/${created.body.id}`)).status).toBe(200)
    expect(await idsOf(reader)).toContain(created.body.id)
    const before = await idsOf()
    const add = await reader.post('/api/v1/ssh-keys', {
      name: 'sneaky',
      public_key: generateKey('ed25519').publicKey,
    })
    const remove = await reader.delete(`/api/v1/ssh-keys/${created.body.id}`)
    const change = await reader.request('PATCH', `/api/v1/ssh-keys/${created.body.id}`, {
      json: { name: 'renamed' },
    })
    for (const res of [add, remove, change])
      expect([res.status, res.body.code]).toEqual([403, 'insufficient_scope'])
    expect(await idsOf()).toEqual(before)
    expect((await client.get(`/api/v1/ssh-keys/${created.body.id}`)).body.name).toBe('read-only')
  })

  it('answers 401 without a key', async () => {
    const res = await api(server.url).get('/api/v1/ssh-keys')
    expect([res.status, res.body.code]).toEqual([401, 'missing_api_key'])
  })
})

describe('Idempotency-Key', () => {
  it('replays the first answer to a retried POST and adds the key once', async () => {
    const body = { name: 'retried', public_key: generateKey('ed25519').publicKey }
    const headers = { 'Idempotency-Key': 'ssh-key-retry' }
    const first = await client.post('/api/v1/ssh-keys', body, headers)
    const again = await client.post('/api/v1/ssh-keys', body, headers)
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.body).toEqual(first.body)
    expect(
      (await client.get('/api/v1/ssh-keys')).body.filter(
        (k: { name: string }) => k.name === 'retried'
      )
    ).toHaveLength(1)
  })
})
