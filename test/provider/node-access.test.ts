import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { api } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'
import { setVariables, type Workdir } from '../helpers/tofu.js'

const suite = providerSuite()
const run = suite.run
const client = () => api(suite.server.url, suite.key)
const apply = (w: Workdir) => run(w, ['apply', '-auto-approve', '-input=false'])
const plan = (w: Workdir) => run(w, ['plan', '-detailed-exitcode', '-input=false'])
const destroy = (w: Workdir) => run(w, ['destroy', '-auto-approve', '-input=false'])

/** The fixture's complex variables travel as HCL (JSON is HCL) in TF_VAR_ variables. */
const vars = (v: {
  keys: Record<string, string>
  node_keys: string[]
  name: string
  labels: Record<string, string>
  password_login: boolean
}) =>
  Object.fromEntries(
    Object.entries(v).map(([k, value]) => [
      k,
      typeof value === 'string' ? value : JSON.stringify(value),
    ])
  )

const keyNamed = async (name: string) =>
  (await client().get('/api/v1/ssh-keys')).body.find((k: { name: string }) => k.name === name)

describe('nodeplane_node SSH keys, name and labels with real tofu', () => {
  it('rotates the SSH key of a node in place: the node keeps its id, the server has the new key, the old key is deleted after', async () => {
    const [old, fresh] = [generateKey('ed25519'), generateKey('ed25519')]
    const first = {
      keys: { old: `${old.publicKey}\n` },
      node_keys: ['old'],
      name: 'tf-access',
      labels: { env: 'dev' },
      password_login: true,
    }
    const w = suite.fixture('node-access', vars(first))
    const created = await apply(w)
    expect(created.code, created.output).toBe(0)
    const oldKey = await keyNamed('tf-old')
    const nodeId = JSON.parse((await run(w, ['output', '-json'])).stdout).id.value as string
    const before = (await client().get(`/nodes/${nodeId}`)).body
    expect(before).toMatchObject({
      name: 'tf-access',
      status: 'running',
      labels: { env: 'dev' },
      ssh_keys: [oldKey.id],
      password_login: true,
    })
    expect((await plan(w)).code).toBe(0)

    // The old key leaves the configuration and a new one takes its place on the node.
    setVariables(w, vars({ ...first, keys: { new: fresh.publicKey }, node_keys: ['new'] }))
    const rotation = await plan(w)
    expect(rotation.code, rotation.output).toBe(2)
    expect(rotation.output).toContain('nodeplane_node.n will be updated in-place')
    expect(rotation.output).toContain('Plan: 1 to add, 1 to change, 1 to destroy.')
    expect(rotation.output).not.toContain('must be replaced')
    const rotated = await apply(w)
    expect(rotated.code, rotated.output).toBe(0)
    const newKey = await keyNamed('tf-new')
    const after = (await client().get(`/nodes/${nodeId}`)).body
    expect(after).toMatchObject({ id: nodeId, status: 'running', ssh_keys: [newKey.id] })
    expect(after.created_at).toBe(before.created_at)
    expect((await client().get(`/api/v1/ssh-keys/${oldKey.id}`)).status).toBe(404)
    expect((await plan(w)).code).toBe(0)
    expect((await destroy(w)).code).toBe(0)
    expect((await client().get(`/nodes/${nodeId}`)).status).toBe(404)
  })

  it('stops a key replacement that would delete a key in use, saying to add create_before_destroy, and the node keeps its key', async () => {
    const w = suite.fixture('node-key-in-use', { public_key: generateKey('ed25519').publicKey })
    expect((await apply(w)).code).toBe(0)
    const nodeId = JSON.parse((await run(w, ['output', '-json'])).stdout).id.value as string
    const key = await keyNamed('tf-in-use')

    setVariables(w, { public_key: generateKey('ed25519').publicKey })
    const replaced = await apply(w)
    expect(replaced.code).toBe(1)
    expect(replaced.output).toContain('SSH key tf-in-use is in use')
    expect(replaced.output).toContain(nodeId)
    expect(replaced.output).toContain('create_before_destroy')
    expect((await client().get(`/nodes/${nodeId}`)).body.ssh_keys).toEqual([key.id])
    expect((await destroy(w)).code).toBe(0)
    expect((await client().get(`/api/v1/ssh-keys/${key.id}`)).status).toBe(404)
  })

  it('renames, relabels and turns off password login in place, and plans clean after', async () => {
    const key = generateKey('ed25519')
    const first = {
      keys: { only: key.publicKey },
      node_keys: ['only'],
      name: 'tf-before',
      labels: { env: 'dev' },
      password_login: true,
    }
    const w = suite.fixture('node-access', vars(first))
    expect((await apply(w)).code).toBe(0)
    const nodeId = JSON.parse((await run(w, ['output', '-json'])).stdout).id.value as string

    const second = {
      ...first,
      name: 'tf-after',
      labels: { env: 'prod', 'example.com/tier': 'web' },
      password_login: false,
    }
    setVariables(w, vars(second))
    const planned = await plan(w)
    expect(planned.code, planned.output).toBe(2)
    expect(planned.output).toContain('nodeplane_node.n will be updated in-place')
    expect(planned.output).toContain('Plan: 0 to add, 1 to change, 0 to destroy.')
    const applied = await apply(w)
    expect(applied.code, applied.output).toBe(0)
    expect((await client().get(`/nodes/${nodeId}`)).body).toMatchObject({
      id: nodeId,
      name: 'tf-after',
      labels: { env: 'prod', 'example.com/tier': 'web' },
      password_login: false,
    })
    const clean = await plan(w)
    expect(clean.code, clean.output).toBe(0)

    // Labels written empty stay empty: no perpetual diff between {} and none.
    setVariables(w, vars({ ...second, labels: {} }))
    expect((await apply(w)).code).toBe(0)
    expect((await client().get(`/nodes/${nodeId}`)).body.labels).toEqual({})
    expect((await plan(w)).code).toBe(0)
    expect((await destroy(w)).code).toBe(0)
  })

  it('leaves password_login out: off with keys (even keys not created yet), on once they are emptied', async () => {
    const w = suite.fixture('node-keys-only', {
      public_key: generateKey('ed25519').publicKey,
      with_key: 'true',
    })
    const planned = await plan(w)
    expect(planned.code, planned.output).toBe(2)
    // The key's id is unknown at plan, but that the node has one is known.
    expect(planned.output).toMatch(/password_login\s+= false/)
    const created = await apply(w)
    expect(created.code, created.output).toBe(0)
    const nodeId = JSON.parse((await run(w, ['output', '-json'])).stdout).id.value as string
    expect((await client().get(`/nodes/${nodeId}`)).body.password_login).toBe(false)
    const credentials = await client().get(`/api/v1/nodes/${nodeId}/credentials`)
    expect(credentials.body).toMatchObject({ password: null, password_login: false })
    expect((await plan(w)).code).toBe(0)

    // Without keys nobody could log in without the password: it comes back on, in place.
    setVariables(w, { with_key: 'false' })
    const emptied = await plan(w)
    expect(emptied.code, emptied.output).toBe(2)
    expect(emptied.output).toMatch(/password_login\s+= false -> true/)
    const applied = await apply(w)
    expect(applied.code, applied.output).toBe(0)
    expect((await client().get(`/nodes/${nodeId}`)).body).toMatchObject({
      id: nodeId,
      ssh_keys: [],
      password_login: true,
    })
    expect((await plan(w)).code).toBe(0)
    expect((await destroy(w)).code).toBe(0)
  })

  it('refuses password_login = false without a key at plan time, before calling the API', async () => {
    const w = suite.fixture(
      'node-access',
      vars({ keys: {}, node_keys: [], name: 'tf-locked-out', labels: {}, password_login: false })
    )
    const planned = await plan(w)
    expect(planned.code).toBe(1)
    expect(planned.output).toContain('password_login = false needs an SSH key')
    expect((await client().get('/nodes')).body).toEqual([])
  })

  it('imports a node made outside Terraform with keys, labels and user data, with an empty plan after', async () => {
    const keys = await Promise.all(
      ['imported-a', 'imported-b'].map(
        async (name) =>
          (
            await client().post('/api/v1/ssh-keys', {
              name,
              public_key: generateKey('ed25519').publicKey,
            })
          ).body.id as string
      )
    )
    const userData = '#!/bin/sh\necho "imported" > /root/imported\n'
    const made = await client().post('/nodes', {
      name: 'imported-full',
      region: 'eu-west-1',
      labels: { env: 'prod', 'example.com/tier': 'web' },
      ssh_keys: [keys[1], keys[0]],
      password_login: false,
      user_data: userData,
    })
    expect(made.status, made.text).toBe(201)
    const w = suite.fixture('node-imported', {
      ssh_keys: JSON.stringify([keys[1], keys[0]]),
      user_data: userData,
    })
    const imported = await run(w, ['import', '-input=false', 'nodeplane_node.n', made.body.id])
    expect(imported.code, imported.output).toBe(0)
    const after = await plan(w)
    expect(after.code, after.output).toBe(0)
    expect(after.output).toContain('No changes.')
    expect((await destroy(w)).code).toBe(0)
    expect((await client().get(`/nodes/${made.body.id}`)).status).toBe(404)
  })
})
