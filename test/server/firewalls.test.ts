import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testCallers, type Caller } from '../helpers/callers.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: Caller
let reader: Caller
let stranger: Caller

beforeAll(async () => {
  server = await startServer()
  ;({ client, reader, stranger } = await testCallers(server))
})
afterAll(() => server.stop())

const web = {
  direction: 'in',
  protocol: 'tcp',
  port: '443',
  source_ips: ['0.0.0.0/0', '::/0'],
  description: 'HTTPS from anywhere',
}
const ping = { direction: 'in', protocol: 'icmp', source_ips: ['10.0.0.0/8'] }

const patch = (c: Caller, id: string, json: unknown) =>
  c.request('PATCH', `/api/v1/firewalls/${id}`, { json })

const fieldsOf = (body: { errors?: { field: string }[] }) =>
  (body.errors ?? []).map((error) => error.field)

const eventsOf = async (c: Caller, resourceId: string) =>
  (await c.get(`/api/v1/events?order=oldest&resource_id=${resourceId}`)).body.events as {
    type: string
    data: Record<string, unknown>
  }[]

describe('POST /api/v1/firewalls', () => {
  it('returns 201 with the rules normalised, port and description null where unset', async () => {
    const res = await client.post('/api/v1/firewalls', {
      name: 'web',
      labels: { env: 'prod' },
      rules: [web, { ...ping, source_ips: ['2001:DB8:0::/32', '192.0.2.7'] }],
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.stringMatching(/^fw_[a-z2-7]{20}$/),
      name: 'web',
      labels: { env: 'prod' },
      rules: [
        web,
        {
          direction: 'in',
          protocol: 'icmp',
          port: null,
          source_ips: ['2001:db8::/32', '192.0.2.7/32'],
          description: null,
        },
      ],
      apply_to: [],
      applied_to_nodes: [],
      created_at: expect.any(String),
    })
    expect((await client.get(`/api/v1/firewalls/${res.body.id}`)).body).toEqual(res.body)
  })

  it('answers a repeated Idempotency-Key with the first firewall, creating one', async () => {
    const headers = { 'Idempotency-Key': 'fw-once' }
    const first = await client.post('/api/v1/firewalls', { name: 'once', rules: [web] }, headers)
    const again = await client.post('/api/v1/firewalls', { name: 'once', rules: [web] }, headers)
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.body).toEqual(first.body)
    expect((await client.get('/api/v1/firewalls?name=once')).body).toHaveLength(1)
  })

  it('answers 409 firewall_name_taken for a name the account already uses', async () => {
    await client.post('/api/v1/firewalls', { name: 'twice' })
    const res = await client.post('/api/v1/firewalls', { name: 'twice' })
    expect([res.status, res.body.code]).toEqual([409, 'firewall_name_taken'])
  })

  it.each([
    [{}, 'name'],
    [{ name: 'x', colour: 'red' }, 'colour'],
    [{ name: 'x', rules: [{ ...web, direction: 'out' }] }, 'rules.0.direction'],
    [{ name: 'x', rules: [{ ...web, protocol: 'sctp' }] }, 'rules.0.protocol'],
    [{ name: 'x', rules: [{ ...web, port: null }] }, 'rules.0.port'],
    [{ name: 'x', rules: [{ ...web, port: undefined }] }, 'rules.0.port'],
    [{ name: 'x', rules: [{ ...web, port: '0' }] }, 'rules.0.port'],
    [{ name: 'x', rules: [{ ...web, port: '65536' }] }, 'rules.0.port'],
    [{ name: 'x', rules: [{ ...web, port: '8100-8000' }] }, 'rules.0.port'],
    [{ name: 'x', rules: [{ ...web, port: '80,443' }] }, 'rules.0.port'],
    [{ name: 'x', rules: [{ ...web, port: 80 }] }, 'rules.0.port'],
    [{ name: 'x', rules: [{ ...ping, port: '80' }] }, 'rules.0.port'],
    [{ name: 'x', rules: [{ ...web, source_ips: [] }] }, 'rules.0.source_ips'],
    [{ name: 'x', rules: [{ ...web, source_ips: ['10.0.0.1/8'] }] }, 'rules.0.source_ips.0'],
    [{ name: 'x', rules: [{ ...web, source_ips: ['::/0', 'nope'] }] }, 'rules.0.source_ips.1'],
    [{ name: 'x', rules: [{ ...web, source_ips: ['1.2.3.4/33'] }] }, 'rules.0.source_ips.0'],
    [{ name: 'x', rules: [{ ...web, source_ips: ['::/0', '::/0'] }] }, 'rules.0.source_ips.1'],
    [{ name: 'x', rules: [{ ...web, description: 'a\u0000b' }] }, 'rules.0.description'],
    [{ name: 'x', rules: [{ ...web, description: 'x'.repeat(256) }] }, 'rules.0.description'],
    [{ name: 'x', rules: [web, { ...web, extra: 1 }] }, 'rules.1.extra'],
    [{ name: 'x', apply_to: [{ type: 'label_selector', selector: '' }] }, 'apply_to.0.selector'],
    [{ name: 'x', apply_to: [{ type: 'label_selector', selector: ' ' }] }, 'apply_to.0.selector'],
    [
      { name: 'x', apply_to: [{ type: 'label_selector', selector: 'a in b' }] },
      'apply_to.0.selector',
    ],
    [{ name: 'x', apply_to: [{ type: 'vpc', vpc_id: 'v' }] }, 'apply_to.0.type'],
    [{ name: 'x', apply_to: [{ type: 'node' }] }, 'apply_to.0.node_id'],
    [{ name: 'x', apply_to: [{ type: 'node', node_id: 'node_nope' }] }, 'apply_to.0.node_id'],
  ])('answers 400 naming the field for %j and creates nothing', async (body, field) => {
    const before = (await client.get('/api/v1/firewalls')).body.length
    const res = await client.post('/api/v1/firewalls', body)
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toBe('application/problem+json')
    expect(fieldsOf(res.body)).toContain(field)
    expect((await client.get('/api/v1/firewalls')).body).toHaveLength(before)
  })

  it('names the limit of 50 rules, and takes exactly 50', async () => {
    const res = await client.post('/api/v1/firewalls', {
      name: 'too-many',
      rules: Array.from({ length: 51 }, () => web),
    })
    expect(res.body.errors).toEqual([{ field: 'rules', message: 'must have at most 50 rules' }])
    const fifty = await client.post('/api/v1/firewalls', {
      name: 'fifty',
      rules: Array.from({ length: 50 }, () => web),
    })
    expect(fifty.status).toBe(201)
  })

  it('names every invalid field of a rule in one answer', async () => {
    const res = await client.post('/api/v1/firewalls', {
      name: 'x',
      rules: [{ ...web, port: '8100-8000', source_ips: ['10.0.0.1/8'], description: 7 }],
    })
    expect(fieldsOf(res.body).sort()).toEqual([
      'rules.0.description',
      'rules.0.port',
      'rules.0.source_ips.0',
    ])
  })

  it('says where the network of a range with host bits set is', async () => {
    const res = await client.post('/api/v1/firewalls', {
      name: 'x',
      rules: [{ ...web, source_ips: ['2001:db8::1/32'] }],
    })
    expect(res.body.errors[0].message).toBe('has host bits set; the network is 2001:db8::/32')
  })
})

describe('GET /api/v1/firewalls', () => {
  it('filters by name and by its own labels', async () => {
    const a = await client.post('/api/v1/firewalls', { name: 'list-a', labels: { tier: 'db' } })
    await client.post('/api/v1/firewalls', { name: 'list-b', labels: { tier: 'web' } })
    const byName = await client.get('/api/v1/firewalls?name=list-a')
    expect(byName.body.map((f: { id: string }) => f.id)).toEqual([a.body.id])
    const bySelector = await client.get('/api/v1/firewalls?label_selector=tier%3Ddb')
    expect(bySelector.body.map((f: { id: string }) => f.id)).toEqual([a.body.id])
    const bad = await client.get('/api/v1/firewalls?label_selector=tier%20in%20db')
    expect([bad.status, fieldsOf(bad.body)]).toEqual([400, ['label_selector']])
  })
})

describe('PATCH /api/v1/firewalls/{id}', () => {
  it('replaces each field given, leaves the others, and records what changed', async () => {
    const made = await client.post('/api/v1/firewalls', {
      name: 'patched',
      labels: { a: '1' },
      rules: [web],
    })
    const id = made.body.id
    expect((await patch(client, id, {})).body).toEqual(made.body)
    expect((await patch(client, id, { rules: [web], labels: { a: '1' } })).body).toEqual(made.body)
    const renamed = await patch(client, id, { name: 'patched-2', rules: [ping] })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'patched-2', labels: { a: '1' } })
    expect(renamed.body.rules).toEqual([{ ...ping, port: null, description: null }])
    const relabelled = await patch(client, id, { labels: {} })
    expect(relabelled.body).toMatchObject({ name: 'patched-2', labels: {} })
    const events = await eventsOf(client, id)
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['firewall.created', { name: 'patched' }],
      [
        'firewall.updated',
        { name: 'patched-2', rules: [{ ...ping, port: null, description: null }] },
      ],
      ['firewall.updated', { name: 'patched-2', labels: {} }],
    ])
  })

  it('refuses a taken name or an invalid rule and changes nothing', async () => {
    await client.post('/api/v1/firewalls', { name: 'taken' })
    const made = await client.post('/api/v1/firewalls', { name: 'mine', rules: [web] })
    const taken = await patch(client, made.body.id, { name: 'taken', rules: [] })
    expect([taken.status, taken.body.code]).toEqual([409, 'firewall_name_taken'])
    const bad = await patch(client, made.body.id, { rules: [{ ...web, port: '99999' }] })
    expect([bad.status, fieldsOf(bad.body)]).toEqual([400, ['rules.0.port']])
    expect((await client.get(`/api/v1/firewalls/${made.body.id}`)).body).toEqual(made.body)
  })
})

describe('DELETE /api/v1/firewalls/{id}', () => {
  it('answers 204, then 404, and records firewall.deleted', async () => {
    const made = await client.post('/api/v1/firewalls', { name: 'gone' })
    expect((await client.delete(`/api/v1/firewalls/${made.body.id}`)).status).toBe(204)
    const again = await client.delete(`/api/v1/firewalls/${made.body.id}`)
    expect([again.status, again.body.code]).toEqual([404, 'firewall_not_found'])
    expect((await client.get(`/api/v1/firewalls/${made.body.id}`)).status).toBe(404)
    const types = (await eventsOf(client, made.body.id)).map((event) => event.type)
    expect(types).toEqual(['firewall.created', 'firewall.deleted'])
    // The name is free again.
    expect((await client.post('/api/v1/firewalls', { name: 'gone' })).status).toBe(201)
  })
})

describe('scopes and tenants', () => {
  it('lets a read key list and get but not create, change or delete', async () => {
    const made = await client.post('/api/v1/firewalls', { name: 'read-only', rules: [web] })
    const path = `/api/v1/firewalls/${made.body.id}`
    expect((await reader.get(path)).body).toEqual(made.body)
    for (const res of [
      await reader.post('/api/v1/firewalls', { name: 'by-reader' }),
      await patch(reader, made.body.id, { name: 'by-reader' }),
      await reader.delete(path),
    ])
      expect([res.status, res.body.code]).toEqual([403, 'insufficient_scope'])
    expect((await client.get(path)).body).toEqual(made.body)
  })

  it("answers 404 for another account's firewall on every route and leaves it intact", async () => {
    const node = await client.post('/nodes', { labels: { secret: 'yes' } })
    const made = await client.post('/api/v1/firewalls', {
      name: 'private-fw',
      rules: [web],
      apply_to: [{ type: 'node', node_id: node.body.id }],
    })
    const path = `/api/v1/firewalls/${made.body.id}`
    for (const res of [
      await stranger.get(path),
      await patch(stranger, made.body.id, { name: 'taken-over', apply_to: [] }),
      await patch(stranger, made.body.id, {}),
      await stranger.delete(path),
    ]) {
      expect([res.status, res.body.code]).toEqual([404, 'firewall_not_found'])
      expect(res.text).not.toContain(node.body.id)
    }
    const listed = await stranger.get(`/api/v1/firewalls?node_id=${node.body.id}`)
    expect(listed.body).toEqual([])
    expect((await stranger.get('/api/v1/firewalls?name=private-fw')).body).toEqual([])
    expect((await client.get(path)).body).toEqual(made.body)
    expect(await eventsOf(stranger, made.body.id)).toEqual([])
  })

  it("refuses another account's node in apply_to as unknown, and its selector never matches it", async () => {
    const node = await client.post('/nodes', { labels: { owner: 'victim' } })
    const byId = await stranger.post('/api/v1/firewalls', {
      name: 'grab',
      apply_to: [{ type: 'node', node_id: node.body.id }],
    })
    expect([byId.status, byId.body.code, fieldsOf(byId.body)]).toEqual([
      400,
      'node_not_found',
      ['apply_to.0.node_id'],
    ])
    const unknown = await stranger.post('/api/v1/firewalls', {
      name: 'grab',
      apply_to: [{ type: 'node', node_id: 'node_aaaaaaaaaaaaaaaaaaaa' }],
    })
    const masked = (detail: string) => detail.replace(/node_[a-z2-7]{20}/, 'N')
    expect(masked(unknown.body.detail)).toBe(masked(byId.body.detail))
    const bySelector = await stranger.post('/api/v1/firewalls', {
      name: 'grab',
      apply_to: [{ type: 'label_selector', selector: 'owner=victim' }],
    })
    expect(bySelector.status).toBe(201)
    expect(bySelector.body.applied_to_nodes).toEqual([])
    const mine = await client.get(`/api/v1/firewalls?node_id=${node.body.id}`)
    expect(mine.body).toEqual([])
  })
})
