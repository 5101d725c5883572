import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { api } from '../helpers/http.js'
import { setVariables, type Workdir } from '../helpers/tofu.js'

// The simulated driver never runs user data: its status ends `skipped`.
const suite = providerSuite()
const run = suite.run
const client = () => api(suite.server.url, suite.key)
const apply = (w: Workdir) => run(w, ['apply', '-auto-approve', '-input=false'])
const plan = (w: Workdir) => run(w, ['plan', '-detailed-exitcode', '-input=false'])
const outputs = async (w: Workdir) => JSON.parse((await run(w, ['output', '-json'])).stdout)

const script = (word: string) => `#!/bin/sh\necho ${word} > /root/${word}\n`

describe('nodeplane_node user_data with real tofu', () => {
  it('records a user_data change in the state with a warning by default, and replaces the node behind the deprecated replace_on_user_data_change', async () => {
    const w = suite.fixture('node-user-data', { user_data: script('one'), wait_for: 'user_data' })
    const created = await apply(w)
    expect(created.code, created.output).toBe(0)
    // wait_for = "user_data" on a driver that does not run it: a warning says so.
    expect(created.output).toContain('User data was not run')
    const first = await outputs(w)
    const id = first.id.value as string
    expect(first.user_data_status.value).toBe('skipped')
    expect((await client().get(`/api/v1/nodes/${id}/user-data`)).body.user_data).toBe(script('one'))
    expect((await plan(w)).code).toBe(0)

    setVariables(w, { user_data: script('two') })
    const inPlace = await plan(w)
    expect(inPlace.code, inPlace.output).toBe(2)
    expect(inPlace.output).toContain('nodeplane_node.n will be updated in-place')
    expect(inPlace.output).toContain('user_data runs at first boot only')
    expect(inPlace.output).not.toContain('must be replaced')
    const recorded = await apply(w)
    expect(recorded.code, recorded.output).toBe(0)
    expect((await outputs(w)).id.value).toBe(id)
    // The server keeps what the node booted with; the state holds the new text, so no diff.
    expect((await client().get(`/api/v1/nodes/${id}/user-data`)).body.user_data).toBe(script('one'))
    expect((await plan(w)).code).toBe(0)

    // Turning the old switch on changes nothing on the server by itself, and warns.
    setVariables(w, { replace_on_user_data_change: 'true' })
    const switched = await plan(w)
    expect(switched.code, switched.output).toBe(2)
    expect(switched.output).toContain('Plan: 0 to add, 1 to change, 0 to destroy.')
    expect(switched.output).toContain('replace_on_user_data_change is deprecated')
    expect((await apply(w)).code).toBe(0)
    expect((await outputs(w)).id.value).toBe(id)

    setVariables(w, { user_data: script('three') })
    const replacing = await plan(w)
    expect(replacing.code, replacing.output).toBe(2)
    expect(replacing.output).toContain('nodeplane_node.n must be replaced')
    expect(replacing.output).toContain('forces replacement')
    expect(replacing.output).toContain('replace_on_user_data_change is deprecated')
    expect(replacing.output).not.toContain('user_data runs at first boot only')
    expect((await apply(w)).code).toBe(0)
    const replacement = (await outputs(w)).id.value as string
    expect(replacement).not.toBe(id)
    expect((await client().get(`/nodes/${id}`)).status).toBe(404)
    expect((await client().get(`/api/v1/nodes/${replacement}/user-data`)).body.user_data).toBe(
      script('three')
    )
    expect((await plan(w)).code).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
  })

  it('rebuilds the node in place under user_data_change = "rebuild", keeping its id and changing its password, and replaces it under "replace"', async () => {
    const w = suite.fixture('node-user-data', {
      user_data: script('one'),
      user_data_change: 'rebuild',
      wait_for: 'ssh',
    })
    expect((await apply(w)).code).toBe(0)
    const id = (await outputs(w)).id.value as string
    const before = (await client().get(`/nodes/${id}`)).body
    const password = (await client().get(`/api/v1/nodes/${id}/credentials`)).body.password

    setVariables(w, { user_data: script('two') })
    const planned = await plan(w)
    expect(planned.code, planned.output).toBe(2)
    expect(planned.output).toContain('nodeplane_node.n will be updated in-place')
    expect(planned.output).toContain(`user_data changed: node ${id} will be rebuilt in place`)
    expect(planned.output).not.toContain('must be replaced')
    const rebuilt = await apply(w)
    expect(rebuilt.code, rebuilt.output).toBe(0)
    // Apply returned once the node was on again: no wait in the test.
    const after = (await client().get(`/nodes/${id}`)).body
    expect(after).toMatchObject({ id, status: 'running', power_state: 'on' })
    expect(after.ip_address).toBe(before.ip_address)
    expect((await client().get(`/api/v1/nodes/${id}/user-data`)).body.user_data).toBe(script('two'))
    expect((await client().get(`/api/v1/nodes/${id}/credentials`)).body.password).not.toBe(password)
    // The new user data's life started over; the simulated driver records it skipped again.
    expect((await outputs(w)).user_data_status.value).toBe('skipped')
    const events = await client().get(`/api/v1/events?resource_id=${id}&type=node.rebuilt`)
    expect(events.body.events).toHaveLength(1)
    expect((await plan(w)).code).toBe(0)

    setVariables(w, { user_data: script('three'), user_data_change: 'replace' })
    const replacing = await plan(w)
    expect(replacing.code, replacing.output).toBe(2)
    expect(replacing.output).toContain('nodeplane_node.n must be replaced')
    expect(replacing.output).not.toContain('rebuilt in place')
    expect((await apply(w)).code).toBe(0)
    expect((await outputs(w)).id.value).not.toBe(id)
    expect((await client().get(`/nodes/${id}`)).status).toBe(404)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
  })

  it('refuses a user_data_change other than ignore, rebuild or replace, and one the old switch contradicts, before calling the API', async () => {
    const bad = suite.fixture('node-user-data', {
      user_data: script('one'),
      user_data_change: 'recreate',
      wait_for: 'ssh',
    })
    const refused = await plan(bad)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('user_data_change must be "ignore", "rebuild" or "replace"')
    // The diagnostic points at the attribute's line of the configuration.
    expect(refused.output).toMatch(/\d+: +user_data_change += var\.user_data_change/)
    const both = suite.fixture('node-user-data', {
      user_data: script('one'),
      user_data_change: 'rebuild',
      replace_on_user_data_change: 'true',
      wait_for: 'ssh',
    })
    const conflict = await plan(both)
    expect(conflict.code).toBe(1)
    expect(conflict.output).toContain('user_data_change and replace_on_user_data_change conflict')
    expect((await client().get('/nodes')).body).toEqual([])
  })

  it('refuses a wait_for other than ssh or user_data before calling the API', async () => {
    const w = suite.fixture('node-user-data', {
      user_data: script('one'),
      wait_for: 'boot',
    })
    const planned = await plan(w)
    expect(planned.code).toBe(1)
    expect(planned.output).toContain('wait_for must be "ssh" or "user_data"')
    expect((await client().get('/nodes')).body).toEqual([])
  })

  it('fails the apply on user data the server refuses, naming user_data, creating nothing', async () => {
    const w = suite.fixture('node-user-data', {
      user_data: '#cloud-config\npackages:\n  - nginx\n',
      wait_for: 'ssh',
    })
    const applied = await apply(w)
    expect(applied.code).toBe(1)
    expect(applied.output).toContain('packages')
    expect(applied.output).toContain('user_data')
    expect((await client().get('/nodes')).body).toEqual([])
  })
})
