import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { testCallers, type Caller } from '../helpers/callers.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { generateKey } from '../helpers/ssh-keys.js'

let server: TestServer
let client: Caller
let reader: Caller
let stranger: Caller

beforeAll(async () => {
  server = await startServer()
  ;({ client, reader, stranger } = await testCallers(server))
})
afterAll(() => server.stop())

let made = 0
/** A new SSH key on the account of `c`; its id. */
async function newKey(c = client): Promise<string> {
  const res = await c.post('/api/v1/ssh-keys', {
    name: `key-${++made}`,
    public_key: generateKey('ed25519').publicKey,
  })
  expect(res.status).toBe(201)
  return res.body.id as string
}

const putKeys = (id: string, body: unknown, c = client) =>
  c.request('PUT', `/api/v1/nodes/${id}/ssh-keys`, { json: body })

async function running(body: Record<string, unknown> = {}, c = client) {
  const created = await c.post('/nodes', body)
  expect(created.status, created.text).toBe(201)
  return eventually(async () => {
    const node = (await c.get(`/nodes/${created.body.id}`)).body
    return node.status === 'running' ? node : undefined
  })
}

async function eventsOf(nodeId: string, type: string) {
  const res = await client.get(`/api/v1/events?order=oldest&type=${type}&resource_id=${nodeId}`)
  expect(res.status).toBe(200)
  return res.body.events as { type: string; data: Record<string, unknown> }[]
}

function expectField(res: { status: number; body: any }, field: string, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400)
  const error = res.body.errors.find((e: { field: string }) => e.field === field)
  expect(error, JSON.stringify(res.body)).toBeDefined()
  if (message) expect(error.message).toMatch(message)
}

describe('POST /nodes with ssh_keys and password_login', () => {
  it('shows ssh_keys [] and password_login true on a node created without them', async () => {
    const created = await client.post('/nodes', {})
    expect(created.body).toMatchObject({ ssh_keys: [], password_login: true })
    const listed = (await client.get('/nodes')).body.find(
      (n: { id: string }) => n.id === created.body.id
    )
    expect(listed).toMatchObject({ ssh_keys: [], password_login: true })
  })

  it('turns password login off by default when keys are given, and credentials say so', async () => {
    const key = await newKey()
    const created = await client.post('/nodes', { ssh_keys: [key] })
    expect(created.body).toMatchObject({ ssh_keys: [key], password_login: false })
    const credentials = await client.get(`/api/v1/nodes/${created.body.id}/credentials`)
    expect(credentials.status).toBe(200)
    expect(credentials.body).toMatchObject({ password: null, password_login: false })
    // Asked for, it stays on, and the password is handed out.
    const both = await client.post('/nodes', { ssh_keys: [key], password_login: true })
    expect(both.body.password_login).toBe(true)
    const login = await client.get(`/api/v1/nodes/${both.body.id}/credentials`)
    expect(login.body).toMatchObject({ password: expect.any(String), password_login: true })
  })

  it('hands the password out again once password login is turned back on', async () => {
    const key = await newKey()
    const node = await running({ ssh_keys: [key] })
    const url = `/api/v1/nodes/${node.id}/credentials`
    expect((await client.get(url)).body.password).toBeNull()
    expect((await putKeys(node.id, { ssh_keys: [key], password_login: true })).status).toBe(200)
    expect((await client.get(url)).body).toMatchObject({
      password: expect.stringMatching(/^[\w-]{20}$/),
      password_login: true,
    })
  })

  it('keeps the keys in the order given, on create, get and list', async () => {
    const [a, b, c] = [await newKey(), await newKey(), await newKey()]
    const created = await client.post('/nodes', { ssh_keys: [c, a, b], password_login: false })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ ssh_keys: [c, a, b], password_login: false })
    const got = await eventually(async () => {
      const node = (await client.get(`/nodes/${created.body.id}`)).body
      return node.status === 'running' ? node : undefined
    })
    expect(got).toMatchObject({ ssh_keys: [c, a, b], password_login: false })
  })

  it('answers 400 naming the field and creates nothing for bad ssh_keys and password_login', async () => {
    const mine = await newKey()
    const theirs = await newKey(stranger)
    const before = (await client.get('/nodes')).body.length
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ssh_keys: ['sshkey_doesnotexist00000'] }, 'ssh_keys', /no SSH key/],
      [{ ssh_keys: [mine, theirs] }, 'ssh_keys', /no SSH key/],
      [{ ssh_keys: [mine, mine] }, 'ssh_keys', /twice/],
      [{ ssh_keys: Array.from({ length: 51 }, (_, i) => `sshkey_${i}`) }, 'ssh_keys', /50/],
      [{ ssh_keys: 'sshkey_x' }, 'ssh_keys', /./],
      [{ ssh_keys: [42] }, 'ssh_keys.0', /./],
      [{ ssh_keys: ["x' OR '1'='1"] }, 'ssh_keys', /no SSH key/],
      [{ password_login: false }, 'password_login', /at least one key/],
      [{ password_login: false, ssh_keys: [] }, 'password_login', /at least one key/],
      [{ password_login: 'no' }, 'password_login', /./],
    ]
    for (const [body, field, message] of cases) {
      expectField(await client.post('/nodes', body), field, message)
    }
    expect((await client.get('/nodes')).body.length).toBe(before)
  })

  it("refuses another account's key id exactly as an unknown one, revealing nothing", async () => {
    const theirs = await newKey(stranger)
    const unknown = 'sshkey_aaaaaaaaaaaaaaaaaaaa'
    const a = await client.post('/nodes', { ssh_keys: [theirs] })
    const b = await client.post('/nodes', { ssh_keys: [unknown] })
    expect([a.status, a.body.code]).toEqual([400, 'ssh_key_not_found'])
    expect(a.body.errors[0].message.replace(theirs, 'ID')).toBe(
      b.body.errors[0].message.replace(unknown, 'ID')
    )
    expect(a.text).not.toContain('stranger')
  })
})

describe('PUT /api/v1/nodes/{id}/ssh-keys', () => {
  it('replaces the keys and the password setting of a running node, keeping its id', async () => {
    const [a, b] = [await newKey(), await newKey()]
    const node = await running({ ssh_keys: [a] })
    const res = await putKeys(node.id, { ssh_keys: [b, a], password_login: false })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({
      id: node.id,
      status: 'running',
      ssh_keys: [b, a],
      password_login: false,
      ip_address: node.ip_address,
    })
    expect((await client.get(`/nodes/${node.id}`)).body).toMatchObject({
      ssh_keys: [b, a],
      password_login: false,
    })
    // Without password_login it stays as it is.
    const again = await putKeys(node.id, { ssh_keys: [a] })
    expect(again.body).toMatchObject({ ssh_keys: [a], password_login: false })
  })

  it('records node.ssh_keys_changed with the new keys, once per change', async () => {
    const a = await newKey()
    const node = await running()
    await putKeys(node.id, { ssh_keys: [a], password_login: false })
    await putKeys(node.id, { ssh_keys: [a], password_login: true })
    const events = await eventsOf(node.id, 'node.ssh_keys_changed')
    expect(events.map((e) => e.data)).toEqual([
      { status: 'running', ssh_keys: [a], password_login: false },
      { status: 'running', ssh_keys: [a], password_login: true },
    ])
  })

  it('answers 400 naming the field and changes nothing', async () => {
    const a = await newKey()
    const theirs = await newKey(stranger)
    const node = await running({ ssh_keys: [a], password_login: true })
    const cases: [unknown, string][] = [
      [{}, 'ssh_keys'],
      [{ ssh_keys: [a, a] }, 'ssh_keys'],
      [{ ssh_keys: [theirs] }, 'ssh_keys'],
      [{ ssh_keys: [], password_login: false }, 'password_login'],
      [{ ssh_keys: [a], extra: 1 }, 'extra'],
    ]
    for (const [body, field] of cases) expectField(await putKeys(node.id, body), field)
    expect(await eventsOf(node.id, 'node.ssh_keys_changed')).toEqual([])
    expect((await client.get(`/nodes/${node.id}`)).body).toMatchObject({
      ssh_keys: [a],
      password_login: true,
    })
  })

  it('refuses to empty the keys of a node whose password login is off', async () => {
    const a = await newKey()
    const node = await running({ ssh_keys: [a], password_login: false })
    expectField(await putKeys(node.id, { ssh_keys: [] }), 'password_login')
    const res = await putKeys(node.id, { ssh_keys: [], password_login: true })
    expect(res.body).toMatchObject({ ssh_keys: [], password_login: true })
  })

  it("answers 404 for another account's node, and a read key gets 403", async () => {
    const theirs = await newKey(stranger)
    const node = await running({}, stranger)
    const res = await putKeys(node.id, { ssh_keys: [] })
    expect([res.status, res.body.code]).toEqual([404, 'node_not_found'])
    const unknown = await putKeys('node_doesnotexist', { ssh_keys: [] })
    expect(res.body.detail.replace(node.id, 'ID')).toBe(
      unknown.body.detail.replace('node_doesnotexist', 'ID')
    )
    // Even with the owner's own key id: nothing of theirs changes.
    await putKeys(node.id, { ssh_keys: [theirs] })
    expect((await stranger.get(`/nodes/${node.id}`)).body.ssh_keys).toEqual([])
    const mine = await running()
    const read = await putKeys(mine.id, { ssh_keys: [] }, reader)
    expect([read.status, read.body.code]).toEqual([403, 'insufficient_scope'])
  })

  it('answers 404 for a deleted node and 409 node_not_running while it is deleting', async () => {
    const slow = await startServer({ env: { NODEPLANE_TEARDOWN_SECONDS: '3' } })
    try {
      const c = api(slow.url, (await createTestKey(slow.dataDir)).key)
      const created = await c.post('/nodes', {})
      await eventually(async () =>
        (await c.get(`/nodes/${created.body.id}`)).body.status === 'running' ? true : undefined
      )
      await c.delete(`/nodes/${created.body.id}`)
      const deleting = await putKeys(created.body.id, { ssh_keys: [] }, c)
      expect([deleting.status, deleting.body.code]).toEqual([409, 'node_not_running'])
      await eventually(async () =>
        (await c.get(`/nodes/${created.body.id}`)).status === 404 ? true : undefined
      )
      const gone = await putKeys(created.body.id, { ssh_keys: [] }, c)
      expect([gone.status, gone.body.code]).toEqual([404, 'node_not_found'])
    } finally {
      await slow.stop()
    }
  })

  it('takes keys while the node is provisioning, and the node keeps them once running', async () => {
    const slow = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '2' } })
    try {
      const c = api(slow.url, (await createTestKey(slow.dataDir)).key)
      const key = await newKey(c)
      const created = await c.post('/nodes', {})
      const res = await putKeys(created.body.id, { ssh_keys: [key], password_login: false }, c)
      expect(res.status, res.text).toBe(200)
      expect(res.body).toMatchObject({ status: 'provisioning', ssh_keys: [key] })
      const node = await eventually(async () => {
        const got = (await c.get(`/nodes/${created.body.id}`)).body
        return got.status === 'running' ? got : undefined
      })
      expect(node).toMatchObject({ ssh_keys: [key], password_login: false })
    } finally {
      await slow.stop()
    }
  })
})

describe('DELETE /api/v1/ssh-keys/{id} of a key in use', () => {
  it('answers 409 ssh_key_in_use listing the nodes, then deletes once they are gone', async () => {
    const key = await newKey()
    const first = await running({ ssh_keys: [key] })
    const second = await running({ ssh_keys: [await newKey(), key] })
    const refused = await client.delete(`/api/v1/ssh-keys/${key}`)
    expect([refused.status, refused.body.code]).toEqual([409, 'ssh_key_in_use'])
    expect(refused.body.node_ids).toEqual([first.id, second.id])
    expect((await client.get(`/api/v1/ssh-keys/${key}`)).status).toBe(200)

    // Created with keys, the node has no password login: without keys it needs it back.
    await putKeys(first.id, { ssh_keys: [], password_login: true })
    await client.delete(`/nodes/${second.id}`)
    await eventually(async () =>
      (await client.get(`/nodes/${second.id}`)).status === 404 ? true : undefined
    )
    expect((await client.delete(`/api/v1/ssh-keys/${key}`)).status).toBe(204)
    expect((await client.get(`/api/v1/ssh-keys/${key}`)).status).toBe(404)
  })

  it("is not blocked by another account's nodes, which cannot use the key", async () => {
    const key = await newKey()
    await stranger.post('/nodes', { ssh_keys: [key] })
    expect((await client.delete(`/api/v1/ssh-keys/${key}`)).status).toBe(204)
  })
})
