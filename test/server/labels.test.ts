import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlQuery } from '../helpers/database.js'
import { testCallers, type Caller } from '../helpers/callers.js'
import { api, type Reply } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { generateKey } from '../helpers/ssh-keys.js'

let server: TestServer
let client: Caller
let reader: Caller
let stranger: Caller

/** Nodes by letter, with the labels each was created with. */
const SETS: Record<string, Record<string, string>> = {
  a: { env: 'prod', tier: 'web' },
  b: { env: 'prod', tier: 'api', legacy: '' },
  c: { env: 'staging', tier: 'web' },
  d: {},
  e: { env: 'dev', 'example.com/team': 'core' },
}
const node: Record<string, string> = {}
const letterOf = (id: string) => Object.keys(node).find((letter) => node[letter] === id) ?? id
let strangerNode: string

beforeAll(async () => {
  server = await startServer()
  ;({ client, reader, stranger } = await testCallers(server))
  for (const [letter, labels] of Object.entries(SETS)) {
    const res = await client.post('/nodes', Object.keys(labels).length ? { labels } : {})
    expect(res.status).toBe(201)
    node[letter] = res.body.id
  }
  // The stranger's node matches every selector that names env=prod.
  strangerNode = (await stranger.post('/nodes', { labels: { env: 'prod', tier: 'web' } })).body.id
})
afterAll(() => server.stop())

const q = (selector: string) => `label_selector=${encodeURIComponent(selector)}`
const letters = (res: Reply) => (res.body as { id: string }[]).map((item) => letterOf(item.id))
const patch = (c: ReturnType<typeof api>, path: string, json: unknown) =>
  c.request('PATCH', path, { json })
const eventsOf = async (type: string, resourceId: string) =>
  (await client.get(`/api/v1/events?order=oldest&type=${type}&resource_id=${resourceId}`)).body
    .events as {
    data: Record<string, unknown>
  }[]

describe('labels on records', () => {
  it('returns the labels a node was created with, and {} without any, on every read', async () => {
    const one = await client.get(`/nodes/${node.a}`)
    expect(one.body.labels).toEqual(SETS.a)
    expect((await client.get(`/nodes/${node.d}`)).body.labels).toEqual({})
    const listed = (await client.get('/nodes')).body as { id: string; labels: object }[]
    for (const item of listed) expect(item.labels).toEqual(SETS[letterOf(item.id)])
  })

  it('takes labels on VPCs and SSH keys too, {} without any', async () => {
    const vpc = await client.post('/api/v1/networking', { name: 'lab', labels: { env: 'prod' } })
    expect(vpc.status).toBe(201)
    expect(vpc.body.labels).toEqual({ env: 'prod' })
    expect((await client.get(`/api/v1/networking/${vpc.body.id}`)).body.labels).toEqual({
      env: 'prod',
    })
    const bare = await client.post('/api/v1/networking', { name: 'bare' })
    expect(bare.body.labels).toEqual({})
    const key = await client.post('/api/v1/ssh-keys', {
      name: 'labeled',
      public_key: generateKey('ed25519').publicKey,
      labels: { person: 'ada' },
    })
    expect(key.status).toBe(201)
    expect(key.body.labels).toEqual({ person: 'ada' })
    expect((await client.get(`/api/v1/ssh-keys/${key.body.id}`)).body.labels).toEqual({
      person: 'ada',
    })
  })

  it.each([
    ['labels.bad key', { 'bad key': 'v' }],
    ['labels.env', { env: '-prod' }],
    ['labels.env', { env: 'x'.repeat(64) }],
    [`labels.${'k'.repeat(64)}`, { ['k'.repeat(64)]: 'v' }],
    ['labels.Example.com/x', { 'Example.com/x': 'v' }],
    ["labels.x') OR 1=1 --", { "x') OR 1=1 --": 'v' }],
    ['labels.env', { env: "prod'; DROP TABLE labels; --" }],
    ['labels.env', { env: 1 }],
    ['labels', Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, 'v']))],
    ['labels', ['env']],
  ])(
    'refuses bad labels on every create with 400 naming %s, and adds nothing',
    async (field, labels) => {
      const before = (await client.get('/nodes')).body.length
      for (const [path, body] of [
        ['/nodes', {}],
        ['/api/v1/networking', { name: 'refused' }],
        ['/api/v1/ssh-keys', { name: 'refused', public_key: generateKey('ed25519').publicKey }],
      ] as const) {
        const res = await client.post(path, { ...body, labels })
        expect(res.status, path).toBe(400)
        expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
      }
      expect((await client.get('/nodes')).body.length).toBe(before)
      expect(
        (await client.get('/api/v1/networking')).body.map((v: { name: string }) => v.name)
      ).not.toContain('refused')
    }
  )

  it('refuses a __proto__ label key with 400 naming it, rather than dropping it', async () => {
    const res = await client.request('POST', '/api/v1/networking', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"proto","labels":{"__proto__":"x"}}',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['labels.__proto__'])
    const patched = await client.request('PATCH', `/nodes/${node.a}`, {
      headers: { 'Content-Type': 'application/json' },
      body: '{"labels":{"__proto__":"x"}}',
    })
    expect(patched.status).toBe(400)
    expect((await client.get(`/nodes/${node.a}`)).body.labels).toEqual(SETS.a)
  })
})

describe('label_selector on GET /nodes', () => {
  it.each([
    ['env=prod', 'ab'],
    ['env==prod', 'ab'],
    ['env!=prod', 'cde'],
    ['env', 'abce'],
    ['!env', 'd'],
    ['tier in (web,api)', 'abc'],
    ['tier notin (web)', 'bde'],
    ['env notin (prod,staging)', 'de'],
    ['legacy', 'b'],
    ['legacy=', 'b'],
    ['!legacy', 'acde'],
    ['example.com/team=core', 'e'],
    ['env=prod,tier in (web,api),!legacy', 'a'],
    [' env in ( prod , staging ) , tier = web ', 'ac'],
    ['env=prod,env=staging', ''],
    ['env,!env', ''],
    ['nothing=here', ''],
    ['env=PROD', ''],
    ['ENV=prod', ''],
    ['', 'abcde'],
  ])('%j selects %j, oldest first', async (selector, expected) => {
    const res = await client.get(`/nodes?${q(selector)}`)
    expect(res.status).toBe(200)
    expect(letters(res).join('')).toBe(expected)
  })

  it('combines with limit and after: the Link header keeps the selector', async () => {
    const pages: string[] = []
    for (let next: string | undefined = `/nodes?limit=1&${q('env!=staging')}`; next;) {
      const res: Reply = await client.get(next)
      expect(res.status).toBe(200)
      pages.push(letters(res).join(''))
      next = res.headers.get('link')?.match(/^<([^>]+)>; rel="next"$/)?.[1]
      if (next)
        expect(new URL(next, server.url).searchParams.get('label_selector')).toBe('env!=staging')
    }
    expect(pages).toEqual(['a', 'b', 'd', 'e'])
    // A page that ends at the last match names no next page, however many nodes follow it.
    const last = await client.get(`/nodes?limit=2&${q('tier')}&after=${node.b}`)
    expect(letters(last)).toEqual(['c'])
    expect(last.headers.get('link')).toBeNull()
  })

  it('combines with status, region and vpc_id', async () => {
    const vpcOfA = (await client.get(`/nodes/${node.a}`)).body.vpc_id
    const region = (await client.get(`/nodes/${node.a}`)).body.region
    expect(letters(await client.get(`/nodes?vpc_id=${vpcOfA}&${q('env=prod')}`))).toEqual([
      'a',
      'b',
    ])
    expect(letters(await client.get(`/nodes?region=${region}&${q('!env')}`))).toEqual(['d'])
    expect(letters(await client.get(`/nodes?region=nowhere-1&${q('env')}`))).toEqual([])
    expect(letters(await client.get(`/nodes?status=deleting&${q('env')}`))).toEqual([])
  })

  it("never returns another account's resources, whatever the selector", async () => {
    for (const selector of ['env=prod', '', 'tier', '!legacy']) {
      const mine = letters(await client.get(`/nodes?${q(selector)}`))
      expect(mine).not.toContain(strangerNode)
      const theirs = (await stranger.get(`/nodes?${q(selector)}`)).body as { id: string }[]
      for (const item of theirs) expect(item.id).toBe(strangerNode)
    }
    expect(letters(await stranger.get(`/nodes?${q('env=prod')}`))).toEqual([strangerNode])
    expect(letters(await stranger.get(`/nodes?${q('env=staging')}`))).toEqual([])
  })

  it.each([
    ['expected "(" to open a set of values, found "web" at character 8', 'env in web'],
    ['expected at least one value in the set', 'env in ()'],
    ['expected a label key, found the end', 'env=prod,'],
    ['after "env", found "prod" at character 5', 'env prod'],
    ['label key "env>1"', 'env>1'],
    [`label value "prod'"`, "env=prod' OR '1'='1"],
    [`label key "x'"`, "x') OR 1=1 --"],
    ['label value "prod;DELETE"', 'env=prod;DELETE FROM labels'],
    ['must be at most 4096 characters', 'k'.repeat(5000)],
    // Percent-encoded, 4,097 of these make a request line of 24 KiB: still the API's own 400.
    ['must be at most 4096 characters', '\u00aa'.repeat(4097)],
  ])('answers 400 naming label_selector: %s', async (message, selector) => {
    const res = await client.get(`/nodes?${q(selector)}`)
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    expect(res.body.code).toBe('invalid_request')
    expect(res.body.errors).toHaveLength(1)
    expect(res.body.errors[0].field).toBe('label_selector')
    expect(res.body.errors[0].message).toContain(message)
    // Nothing was touched by the attempt.
    expect(letters(await client.get(`/nodes?${q('env')}`)).join('')).toBe('abce')
  })

  it('leaves the labels intact after injection attempts, and matches SQL words only as data', async () => {
    const count = async () =>
      Number(
        (await sqlQuery<{ n: number }>(server.dataDir, 'SELECT COUNT(*) AS n FROM labels'))[0]!.n
      )
    const before = await count()
    for (const selector of [
      "env='prod' OR 1=1",
      "env in ('prod')",
      'env=prod) OR (1=1',
      'env=prod;DROP TABLE labels',
      'env=%',
      'env=_',
    ])
      expect((await client.get(`/nodes?${q(selector)}`)).status).toBe(400)
    // Valid labels that read like SQL are compared as plain text.
    for (const selector of ['OR=1', 'drop.table/labels', 'env in (prod,OR,1.1)', 'select!=from'])
      expect((await client.get(`/nodes?${q(selector)}`)).status).toBe(200)
    expect(letters(await client.get(`/nodes?${q('env in (prod,OR,1.1)')}`))).toEqual(['a', 'b'])
    expect(await count()).toBe(before)
  })
})

describe('label_selector on VPC and SSH key lists', () => {
  it('filters GET /api/v1/networking with every kind of operator', async () => {
    await client.post('/api/v1/networking', { name: 'sel-a', labels: { tier: 'db', env: 'prod' } })
    await client.post('/api/v1/networking', { name: 'sel-b', labels: { tier: 'cache' } })
    const names = async (selector: string) => {
      const res = await client.get(`/api/v1/networking?${q(selector)}`)
      expect(res.status).toBe(200)
      return (res.body as { name: string }[]).map((v) => v.name)
    }
    expect(await names('tier=db')).toEqual(['sel-a'])
    expect(await names('tier in (db,cache)')).toEqual(['sel-a', 'sel-b'])
    expect(await names('tier,tier notin (db)')).toEqual(['sel-b'])
    expect(await names('tier,env!=prod')).toEqual(['sel-b'])
    expect(await names('tier,!env')).toEqual(['sel-b'])
    expect(await names('env')).toEqual(['lab', 'sel-a'])
    const res = await client.get(`/api/v1/networking?${q('tier in db')}`)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].field).toBe('label_selector')
    expect((await stranger.get(`/api/v1/networking?${q('tier')}`)).body).toEqual([])
  })

  it('filters GET /api/v1/ssh-keys with every kind of operator', async () => {
    const add = (name: string, labels: Record<string, string>) =>
      client.post('/api/v1/ssh-keys', {
        name,
        public_key: generateKey('ed25519').publicKey,
        labels,
      })
    await add('sel-ada', { holder: 'ada', role: 'admin' })
    await add('sel-bob', { holder: 'bob' })
    const names = async (selector: string) => {
      const res = await client.get(`/api/v1/ssh-keys?${q(selector)}`)
      expect(res.status).toBe(200)
      return (res.body as { name: string }[]).map((k) => k.name)
    }
    expect(await names('holder==ada')).toEqual(['sel-ada'])
    expect(await names('holder in (ada,bob)')).toEqual(['sel-ada', 'sel-bob'])
    expect(await names('holder,holder notin (ada)')).toEqual(['sel-bob'])
    expect(await names('holder,role!=admin')).toEqual(['sel-bob'])
    expect(await names('role')).toEqual(['sel-ada'])
    expect(await names('holder,!role')).toEqual(['sel-bob'])
    const res = await client.get(`/api/v1/ssh-keys?${q('holder=')}&${q('=x')}`)
    expect(res.status).toBe(400)
    expect((await stranger.get(`/api/v1/ssh-keys?${q('holder')}`)).body).toEqual([])
  })
})

describe('PATCH /nodes/{id}', () => {
  it('renames, replaces the whole label set, and leaves out what is not given', async () => {
    const id = (await client.post('/nodes', { name: 'before', labels: { a: '1', b: '2' } })).body.id
    const renamed = await patch(client, `/nodes/${id}`, { name: 'after' })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ id, name: 'after', labels: { a: '1', b: '2' } })
    const relabeled = await patch(client, `/nodes/${id}`, { labels: { c: '3' } })
    expect(relabeled.body).toMatchObject({ name: 'after', labels: { c: '3' } })
    expect((await client.get(`/nodes/${id}`)).body.labels).toEqual({ c: '3' })
    expect(letters(await client.get(`/nodes?${q('a')}`))).not.toContain(id)
    expect((await client.get(`/nodes?${q('c=3')}`)).body.map((n: { id: string }) => n.id)).toEqual([
      id,
    ])
    const cleared = await patch(client, `/nodes/${id}`, { name: null, labels: {} })
    expect(cleared.body).toMatchObject({ name: null, labels: {} })
    const events = await eventsOf('node.updated', id)
    expect(events.map((event) => event.data)).toEqual([
      { status: expect.any(String), name: 'after' },
      { status: expect.any(String), labels: { c: '3' } },
      { status: expect.any(String), name: null, labels: {} },
    ])
  })

  it('answers 200 to {} or a repeat of the node and 400 to no body at all, and records nothing', async () => {
    const created = await client.post('/nodes', { name: 'same', labels: { k: 'v' } })
    const id = created.body.id
    const empty = await patch(client, `/nodes/${id}`, {})
    expect(empty.status).toBe(200)
    expect(empty.body).toMatchObject({ name: 'same', labels: { k: 'v' } })
    for (const body of ['', ' ']) {
      const none = await client.request('PATCH', `/nodes/${id}`, {
        body,
        headers: { 'Content-Type': 'application/json' },
      })
      expect(none.status).toBe(400)
      expect(none.headers.get('content-type')).toContain('application/problem+json')
    }
    expect((await patch(client, `/nodes/${id}`, { name: 'same', labels: { k: 'v' } })).status).toBe(
      200
    )
    expect(await eventsOf('node.updated', id)).toEqual([])
  })

  it.each([
    [{ name: 'Not A Hostname' }, 'name'],
    [{ labels: { ok: 'v', 'no spaces': 'v' } }, 'labels.no spaces'],
    [{ labels: null }, 'labels'],
    [{ status: 'running' }, 'status'],
  ])('answers 400 for %j naming %s, and changes nothing', async (body, field) => {
    const res = await patch(client, `/nodes/${node.a}`, body)
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
    expect((await client.get(`/nodes/${node.a}`)).body).toMatchObject({
      name: null,
      labels: SETS.a,
    })
  })

  it("answers 404 for another account's node and for a deleted one, and changes nothing", async () => {
    const res = await patch(client, `/nodes/${strangerNode}`, { name: 'mine', labels: { x: 'y' } })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('node_not_found')
    expect((await stranger.get(`/nodes/${strangerNode}`)).body).toMatchObject({
      name: null,
      labels: { env: 'prod', tier: 'web' },
    })
    const gone = (await client.post('/nodes', {})).body.id
    await client.delete(`/nodes/${gone}`)
    // Once torn down (the wait answers 404), the node is gone for PATCH too.
    expect((await client.get(`/nodes/${gone}?wait_for=deleted&timeout=20`)).status).toBe(404)
    const after = await patch(client, `/nodes/${gone}`, { labels: { x: 'y' } })
    expect([after.status, after.body.code]).toEqual([404, 'node_not_found'])
    expect(await eventsOf('node.updated', gone)).toEqual([])
    expect((await patch(client, '/nodes/node_doesnotexist0000000', {})).status).toBe(404)
  })

  it('serializes concurrent replacements: each is whole, one wins, every change is recorded', async () => {
    const id = (await client.post('/nodes', {})).body.id
    const sets = Array.from({ length: 8 }, (_, i) => ({ round: String(i), [`only-${i}`]: 'x' }))
    const answers = await Promise.all(
      sets.map((labels) => patch(client, `/nodes/${id}`, { labels }))
    )
    expect(answers.map((res) => res.status)).toEqual(sets.map(() => 200))
    const final = (await client.get(`/nodes/${id}`)).body.labels
    expect(sets).toContainEqual(final)
    expect(await eventsOf('node.updated', id)).toHaveLength(sets.length)
    const rows = await sqlQuery(server.dataDir, 'SELECT key FROM labels WHERE resource_id = $1', [
      id,
    ])
    expect(rows).toHaveLength(2)
  })

  it('records equal replacements racing on one node as one change', async () => {
    const id = (await client.post('/nodes', {})).body.id
    const labels = { team: 'core', env: 'prod' }
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => patch(client, `/nodes/${id}`, { labels }))
    )
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200))
    expect(answers.map((res) => res.body.labels)).toEqual(answers.map(() => labels))
    expect(await eventsOf('node.updated', id)).toHaveLength(1)
  })

  it('answers 403 to a read key and changes nothing', async () => {
    const res = await patch(reader, `/nodes/${node.a}`, { labels: {} })
    expect(res.status).toBe(403)
    expect((await client.get(`/nodes/${node.a}`)).body.labels).toEqual(SETS.a)
  })
})

describe('PATCH /api/v1/networking/{id}', () => {
  it('changes the description and labels in place and records vpc.updated', async () => {
    const vpc = (
      await client.post('/api/v1/networking', {
        name: 'patched',
        description: 'old',
        labels: { a: '1' },
      })
    ).body
    const res = await patch(client, `/api/v1/networking/${vpc.id}`, {
      description: 'new',
      labels: { b: '2' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: vpc.id,
      name: 'patched',
      cidr: vpc.cidr,
      description: 'new',
      labels: { b: '2' },
    })
    const cleared = await patch(client, `/api/v1/networking/${vpc.id}`, { description: null })
    expect(cleared.body).toMatchObject({ description: null, labels: { b: '2' } })
    expect((await patch(client, `/api/v1/networking/${vpc.id}`, {})).status).toBe(200)
    expect((await eventsOf('vpc.updated', vpc.id)).map((event) => event.data)).toEqual([
      { name: 'patched', description: 'new', labels: { b: '2' } },
      { name: 'patched', description: null },
    ])
  })

  it("answers 400 for bad input and 404 for another account's or a deleted VPC", async () => {
    const vpc = (await client.post('/api/v1/networking', { name: 'guarded' })).body
    const bad = await patch(client, `/api/v1/networking/${vpc.id}`, { name: 'renamed' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].field).toBe('name')
    const theirs = (await stranger.post('/api/v1/networking', { name: 'theirs' })).body
    expect(
      (await patch(client, `/api/v1/networking/${theirs.id}`, { labels: { x: 'y' } })).status
    ).toBe(404)
    expect((await stranger.get(`/api/v1/networking/${theirs.id}`)).body.labels).toEqual({})
    expect((await client.delete(`/api/v1/networking/${vpc.id}`)).status).toBe(204)
    expect((await patch(client, `/api/v1/networking/${vpc.id}`, { labels: {} })).status).toBe(404)
  })
})

describe('equal PATCHes racing', () => {
  it('rename a node once: one node.updated', async () => {
    const id = (await client.post('/nodes', {})).body.id
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => patch(client, `/nodes/${id}`, { name: 'raced' }))
    )
    expect(answers.map((res) => [res.status, res.body.name])).toEqual(
      answers.map(() => [200, 'raced'])
    )
    expect(await eventsOf('node.updated', id)).toHaveLength(1)
  })

  it('rename an SSH key once, none of them refused as taken by the key itself', async () => {
    const key = (
      await client.post('/api/v1/ssh-keys', {
        name: 'before-race',
        public_key: generateKey('ed25519').publicKey,
      })
    ).body
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        patch(client, `/api/v1/ssh-keys/${key.id}`, { name: 'raced' })
      )
    )
    expect(answers.map((res) => [res.status, res.body.name])).toEqual(
      answers.map(() => [200, 'raced'])
    )
    expect(await eventsOf('ssh_key.updated', key.id)).toHaveLength(1)
  })
})

describe('PATCH /api/v1/ssh-keys/{id}', () => {
  it('renames and relabels in place, records ssh_key.updated, and refuses a taken name', async () => {
    const key = (
      await client.post('/api/v1/ssh-keys', {
        name: 'patch-me',
        public_key: generateKey('ed25519').publicKey,
        labels: { a: '1' },
      })
    ).body
    await client.post('/api/v1/ssh-keys', {
      name: 'taken',
      public_key: generateKey('ed25519').publicKey,
    })
    const res = await patch(client, `/api/v1/ssh-keys/${key.id}`, { name: 'patched', labels: {} })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: key.id,
      name: 'patched',
      public_key: key.public_key,
      labels: {},
    })
    const conflict = await patch(client, `/api/v1/ssh-keys/${key.id}`, {
      name: 'taken',
      labels: { b: '2' },
    })
    expect(conflict.status).toBe(409)
    expect(conflict.body.code).toBe('ssh_key_name_taken')
    expect((await client.get(`/api/v1/ssh-keys/${key.id}`)).body).toMatchObject({
      name: 'patched',
      labels: {},
    })
    expect((await patch(client, `/api/v1/ssh-keys/${key.id}`, { name: 'patched' })).status).toBe(
      200
    )
    const nameless = await patch(client, `/api/v1/ssh-keys/${key.id}`, { name: null })
    expect(nameless.status).toBe(400)
    expect(nameless.body.errors[0].field).toBe('name')
    expect((await eventsOf('ssh_key.updated', key.id)).map((event) => event.data)).toEqual([
      { fingerprint: key.fingerprint, name: 'patched', labels: {} },
    ])
  })

  it("answers 404 for another account's key and forgets a deleted key's labels", async () => {
    const theirs = (
      await stranger.post('/api/v1/ssh-keys', {
        name: 'theirs',
        public_key: generateKey('ed25519').publicKey,
      })
    ).body
    expect((await patch(client, `/api/v1/ssh-keys/${theirs.id}`, { name: 'mine' })).status).toBe(
      404
    )
    expect((await stranger.get(`/api/v1/ssh-keys/${theirs.id}`)).body.name).toBe('theirs')
    const key = (
      await client.post('/api/v1/ssh-keys', {
        name: 'short-lived',
        public_key: generateKey('ed25519').publicKey,
        labels: { gone: 'soon' },
      })
    ).body
    expect((await client.delete(`/api/v1/ssh-keys/${key.id}`)).status).toBe(204)
    expect((await patch(client, `/api/v1/ssh-keys/${key.id}`, {})).status).toBe(404)
    const left = await sqlQuery(server.dataDir, 'SELECT key FROM labels WHERE resource_id = $1', [
      key.id,
    ])
    expect(left).toEqual([])
  })
})
