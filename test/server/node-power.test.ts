import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>
let reader: ReturnType<typeof api>
let stranger: ReturnType<typeof api>
let key: string
let readerKey: string
let strangerKey: string
const env = {
  NODEPLANE_PROVISION_SECONDS: '1',
  NODEPLANE_TEARDOWN_SECONDS: '3',
  NODEPLANE_POWER_SECONDS: '0.5',
}

// Nodes run 1 s after creation and take 3 s to tear down, so both in-between states can be
// met; each action takes half a second, so `rebooting` can be seen.
beforeAll(async () => {
  server = await startServer({ env })
  key = (await createTestKey(server.dataDir)).key
  readerKey = (await createTestKey(server.dataDir, 'read')).key
  await createTestUser(server.dataDir, 'mallory@example.com')
  strangerKey = (await createTestKey(server.dataDir, 'read_write', 'mallory@example.com')).key
  connect()
})

/** The clients of the server as it runs now (a test restarts it on another port). */
function connect() {
  client = api(server.url, key)
  reader = api(server.url, readerKey)
  stranger = api(server.url, strangerKey)
}
afterAll(async () => {
  await server?.stop()
})

const action = (id: string, name: string, c = client) =>
  c.post(`/api/v1/nodes/${id}/actions/${name}`)

async function runningNode(): Promise<string> {
  const created = await client.post('/nodes')
  expect(created.status).toBe(201)
  const node = (await client.get(`/nodes/${created.body.id}?wait_for=running`)).body
  expect(node).toMatchObject({ status: 'running', power_state: 'on' })
  return node.id
}

/** The node's events of these types, oldest first. */
async function powerEvents(id: string) {
  const types = 'node.powered_off,node.powered_on,node.rebooted,node.action_failed'
  const page = await client.get(`/api/v1/events?order=oldest&resource_id=${id}&type=${types}`)
  expect(page.status).toBe(200)
  return page.body.events as {
    type: string
    data: Record<string, unknown>
    actor: { type: string }
  }[]
}

describe('POST /api/v1/nodes/{id}/actions/{action}', () => {
  it('powers a node off and on: 202 with the node as it is, then the state once done, with events', async () => {
    const id = await runningNode()
    const off = await action(id, 'poweroff')
    expect(off.status).toBe(202)
    expect(off.body).toMatchObject({ id, status: 'running', power_state: 'on' })
    const waited = await client.get(`/nodes/${id}?wait_for=power_off&timeout=10`)
    expect(waited.body).toMatchObject({ status: 'running', power_state: 'off' })
    // Off keeps its address and billing: the record is unchanged but for the power.
    expect(waited.body.ip_address).toBe(off.body.ip_address)

    const on = await action(id, 'poweron')
    expect(on.status).toBe(202)
    expect(on.body.power_state).toBe('off')
    expect((await client.get(`/nodes/${id}?wait_for=power_on&timeout=10`)).body.power_state).toBe(
      'on'
    )

    const events = await powerEvents(id)
    expect(events.map((e) => [e.type, e.data.action, e.data.power_state])).toEqual([
      ['node.powered_off', 'poweroff', 'off'],
      ['node.powered_on', 'poweron', 'on'],
    ])
    expect(events[0]!.actor.type).toBe('system')
  })

  it('shows a reboot and a reset as rebooting, then on, each with a node.rebooted event', async () => {
    const id = await runningNode()
    for (const name of ['reboot', 'reset']) {
      const accepted = await action(id, name)
      expect(accepted.status).toBe(202)
      expect(accepted.body.power_state).toBe('rebooting')
      expect((await client.get(`/nodes/${id}`)).body.power_state).toBe('rebooting')
      const back = await client.get(`/nodes/${id}?wait_for=power_on&timeout=10`)
      expect(back.body.power_state).toBe('on')
    }
    const events = await powerEvents(id)
    expect(events.map((e) => [e.type, e.data.action])).toEqual([
      ['node.rebooted', 'reboot'],
      ['node.rebooted', 'reset'],
    ])
  })

  it('shuts a node down to off, and answers a repeat or an action already done with a 202 that changes nothing', async () => {
    const id = await runningNode()
    expect((await action(id, 'poweron')).status).toBe(202)
    expect((await action(id, 'shutdown')).status).toBe(202)
    // The same action again while it is under way: accepted, nothing more.
    expect((await action(id, 'shutdown')).status).toBe(202)
    expect((await client.get(`/nodes/${id}?wait_for=power_off&timeout=10`)).body.power_state).toBe(
      'off'
    )
    for (const name of ['shutdown', 'poweroff']) {
      const again = await action(id, name)
      expect(again.status).toBe(202)
      expect(again.body.power_state).toBe('off')
    }
    const events = await powerEvents(id)
    expect(events.map((e) => [e.type, e.data.action])).toEqual([['node.powered_off', 'shutdown']])
  })

  it('refuses a reboot or reset of a node that is off, and a second action while one is under way', async () => {
    const id = await runningNode()
    expect((await action(id, 'poweroff')).status).toBe(202)
    const busy = await action(id, 'reboot')
    expect(busy.status).toBe(409)
    expect(busy.body.code).toBe('action_in_progress')
    await client.get(`/nodes/${id}?wait_for=power_off&timeout=10`)
    for (const name of ['reboot', 'reset']) {
      const refused = await action(id, name)
      expect(refused.status).toBe(409)
      expect(refused.headers.get('content-type')).toContain('application/problem+json')
      expect(refused.body.code).toBe('node_powered_off')
    }
  })

  it('refuses every action on a node that is provisioning or deleting with 409 node_not_running', async () => {
    const created = (await client.post('/nodes')).body
    const refused = await action(created.id, 'reboot')
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('node_not_running')
    const id = await runningNode()
    expect((await client.delete(`/nodes/${id}`)).status).toBe(204)
    for (const name of ['poweroff', 'poweron']) {
      const late = await action(id, name)
      expect(late.status).toBe(409)
      expect(late.body.code).toBe('node_not_running')
    }
  })

  it('waits with power_off and power_on until the node is deleting, then answers', async () => {
    const id = await runningNode()
    const waiting = client.get(`/nodes/${id}?wait_for=power_off&timeout=20`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await client.delete(`/nodes/${id}`)).status).toBe(204)
    const waited = await waiting
    expect(waited.status).toBe(200)
    expect(waited.body.status).toBe('deleting')
  })

  it('accepts an action without a body or Content-Type', async () => {
    const id = await runningNode()
    const bare = await client.request('POST', `/api/v1/nodes/${id}/actions/poweron`)
    expect(bare.status).toBe(202)
  })

  it('answers 404 for an unknown action, and 405 for a GET of an action', async () => {
    const id = await runningNode()
    const unknown = await action(id, 'explode')
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('route_not_found')
    expect((await client.get(`/api/v1/nodes/${id}/actions/reboot`)).status).toBe(405)
  })

  it('refuses a read key with 403, and changes nothing', async () => {
    const id = await runningNode()
    const refused = await action(id, 'poweroff', reader)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('insufficient_scope')
    expect((await client.get(`/nodes/${id}`)).body.power_state).toBe('on')
  })

  it("answers 404 for another account's node, the same as for none, and leaves it on", async () => {
    const id = await runningNode()
    for (const name of ['poweroff', 'reboot', 'shutdown']) {
      const theirs = await action(id, name, stranger)
      const none = await action('node_doesnotexist00000000', name, stranger)
      expect(theirs.status).toBe(404)
      expect(theirs.body.code).toBe('node_not_found')
      expect(none.status).toBe(404)
      expect(theirs.body.detail).toBe(none.body.detail.replace('node_doesnotexist00000000', id))
    }
    expect((await client.get(`/nodes/${id}`)).body.power_state).toBe('on')
    expect(await powerEvents(id)).toEqual([])
  })

  it('keeps a node off across a restart, and finishes an action a crash interrupted', async () => {
    const off = await runningNode()
    const interrupted = await runningNode()
    expect((await action(off, 'poweroff')).status).toBe(202)
    await client.get(`/nodes/${off}?wait_for=power_off&timeout=10`)
    expect((await action(interrupted, 'shutdown')).status).toBe(202)
    // Killed within the action's half second: the database still says it is under way.
    await server.kill()
    server = await startServer({ dataDir: server.dataDir, env })
    connect()
    expect((await client.get(`/nodes/${off}`)).body.power_state).toBe('off')
    const done = await client.get(`/nodes/${interrupted}?wait_for=power_off&timeout=10`)
    expect(done.body.power_state).toBe('off')
    expect((await powerEvents(interrupted)).map((e) => e.type)).toEqual(['node.powered_off'])
  })
})

describe('POST /api/v1/nodes/{id}/actions/rebuild', () => {
  const rebuild = (id: string, body?: unknown, c = client) =>
    c.post(`/api/v1/nodes/${id}/actions/rebuild`, body)
  const password = async (id: string) =>
    (await client.get(`/api/v1/nodes/${id}/credentials`)).body.password as string

  /** The node's events of these types, oldest first. */
  async function eventsOf(id: string, types: string) {
    const page = await client.get(`/api/v1/events?order=oldest&resource_id=${id}&type=${types}`)
    expect(page.status).toBe(200)
    return page.body.events as { type: string; data: Record<string, unknown> }[]
  }

  it('answers 202 with the new root password, rebuilding, then on, with its user data run anew', async () => {
    const created = await client.post('/nodes', { user_data: '#!/bin/sh\necho old\n' })
    const id = created.body.id as string
    const first = await client.get(`/nodes/${id}?wait_for=user_data&timeout=10`)
    // The simulated driver runs no tenant code: its user data is skipped, on create as on rebuild.
    expect(first.body.user_data_status).toBe('skipped')
    const before = await password(id)

    const accepted = await rebuild(id, { user_data: '#!/bin/sh\necho new\n' })
    expect(accepted.status).toBe(202)
    expect(accepted.body).toMatchObject({
      id,
      status: 'running',
      power_state: 'rebuilding',
      user_data_status: 'pending',
    })
    expect(accepted.body.root_password).toMatch(/^\S{12,}$/)
    expect(accepted.body.root_password).not.toBe(before)
    expect(await password(id)).toBe(accepted.body.root_password)
    expect((await client.get(`/api/v1/nodes/${id}/user-data`)).body.user_data).toBe(
      '#!/bin/sh\necho new\n'
    )

    const back = await client.get(`/nodes/${id}?wait_for=power_on&timeout=10`)
    expect(back.body).toMatchObject({ power_state: 'on', ip_address: accepted.body.ip_address })
    const ended = await client.get(`/nodes/${id}?wait_for=user_data&timeout=10`)
    expect(ended.body.user_data_status).toBe('skipped')

    const events = await eventsOf(
      id,
      'node.action_started,node.rebuilt,node.action_failed,node.user_data_finished'
    )
    expect(events.map((e) => [e.type, e.data.action ?? e.data.status, e.data.power_state])).toEqual(
      [
        ['node.user_data_finished', 'skipped', undefined],
        ['node.action_started', 'rebuild', 'rebuilding'],
        ['node.rebuilt', 'rebuild', 'on'],
        ['node.user_data_finished', 'skipped', undefined],
      ]
    )
  })

  it('rebuilds a node that is off, keeping its user data when none is given; each call rebuilds', async () => {
    const id = await runningNode()
    expect((await action(id, 'poweroff')).status).toBe(202)
    await client.get(`/nodes/${id}?wait_for=power_off&timeout=10`)
    // Without a body or Content-Type, as the power actions.
    const bare = await client.request('POST', `/api/v1/nodes/${id}/actions/rebuild`)
    expect(bare.status).toBe(202)
    expect(bare.body).toMatchObject({ power_state: 'rebuilding', user_data_status: null })
    const on = await client.get(`/nodes/${id}?wait_for=power_on&timeout=10`)
    expect(on.body.power_state).toBe('on')
    const again = await rebuild(id, {})
    expect(again.status).toBe(202)
    expect(again.body.root_password).not.toBe(bare.body.root_password)
    await client.get(`/nodes/${id}?wait_for=power_on&timeout=10`)
    expect((await eventsOf(id, 'node.rebuilt')).length).toBe(2)
  })

  it('records node.action_started when any action is accepted, naming it and the key', async () => {
    const id = await runningNode()
    expect((await action(id, 'reboot')).status).toBe(202)
    await client.get(`/nodes/${id}?wait_for=power_on&timeout=10`)
    const page = await client.get(
      `/api/v1/events?order=oldest&resource_id=${id}&type=node.action_started`
    )
    expect(page.body.events).toHaveLength(1)
    expect(page.body.events[0]).toMatchObject({
      data: { action: 'reboot', power_state: 'rebooting', by: 'api', status: 'running' },
      actor: { type: 'api_key' },
    })
  })

  it('refuses invalid user data naming the field, and changes nothing', async () => {
    const created = await client.post('/nodes', { user_data: '#!/bin/sh\necho kept\n' })
    const id = created.body.id as string
    await client.get(`/nodes/${id}?wait_for=user_data&timeout=10`)
    const before = await password(id)
    for (const body of [{ user_data: 'echo no shebang' }, { user_data: 7 }, { image: 'x' }]) {
      const refused = await rebuild(id, body)
      expect(refused.status).toBe(400)
    }
    const bad = await rebuild(id, { user_data: 'echo no shebang' })
    expect(bad.body.errors?.[0]?.field ?? bad.body.detail).toContain('user_data')
    expect(await password(id)).toBe(before)
    const node = (await client.get(`/nodes/${id}`)).body
    expect(node).toMatchObject({ power_state: 'on', user_data_status: 'skipped' })
    expect((await client.get(`/api/v1/nodes/${id}/user-data`)).body.user_data).toBe(
      '#!/bin/sh\necho kept\n'
    )
    expect(await eventsOf(id, 'node.action_started')).toEqual([])
  })

  it('refuses a node provisioning, deleting or in an action with 409, and another account with 404', async () => {
    const created = (await client.post('/nodes')).body
    expect((await rebuild(created.id)).body.code).toBe('node_not_running')
    const id = await runningNode()
    expect((await rebuild(id)).status).toBe(202)
    for (const busy of [await rebuild(id), await action(id, 'reboot')]) {
      expect(busy.status).toBe(409)
      expect(busy.body.code).toBe('action_in_progress')
    }
    const theirs = await rebuild(id, undefined, stranger)
    expect(theirs.status).toBe(404)
    expect(theirs.body.code).toBe('node_not_found')
    expect((await rebuild(id, undefined, reader)).status).toBe(403)
    // Deleting aborts the rebuild in flight; the node is then refused like any deleting one.
    expect((await client.delete(`/nodes/${id}`)).status).toBe(204)
    const late = await rebuild(id)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('node_not_running')
    expect(await eventsOf(id, 'node.rebuilt')).toEqual([])
  })
})
