import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { sqlQuery } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { generateKey } from '../helpers/ssh-keys.js'

const DAY_MS = 86_400_000

let server: TestServer
let client: ReturnType<typeof api>

// Housekeeping runs as a server starts and then every 30 s (the default): the test ages rows
// between two starts on the same data directory, so the prune happens at the second start.
beforeAll(async () => {
  server = await startServer()
  client = api(server.url, (await createTestKey(server.dataDir)).key)
})
afterAll(() => server.stop())

/** A node with a label, user data, an SSH key and a firewall naming it, deleted; its id. */
async function deletedNode(name: string): Promise<string> {
  const key = await client.post('/api/v1/ssh-keys', {
    name: `key-${name}`,
    public_key: generateKey('ed25519').publicKey,
  })
  const node = await client.post('/nodes', {
    name,
    labels: { retention: name },
    user_data: '#!/bin/sh\necho hi\n',
    ssh_keys: [key.body.id],
  })
  expect(node.status).toBe(201)
  const id = node.body.id as string
  const fw = await client.post('/api/v1/firewalls', {
    name: `fw-${name}`,
    rules: [{ direction: 'in', protocol: 'tcp', port: '22', source_ips: ['0.0.0.0/0'] }],
    apply_to: [{ type: 'node', node_id: id }],
  })
  expect(fw.status).toBe(201)
  await eventually(async () =>
    (await client.get(`/nodes/${id}`)).body.status === 'running' ? true : undefined
  )
  expect((await client.delete(`/nodes/${id}`)).status).toBeLessThan(300)
  await eventually(async () =>
    (await client.get(`/nodes/${id}`)).status === 404 ? true : undefined
  )
  return id
}

/** Moves a deleted node back in time: deleted `days` ago, after running `ranDays` and a bit. */
async function age(id: string, days: number, ranDays: number) {
  const deletedAt = Date.now() - days * DAY_MS
  // Odd milliseconds, so seconds round up in each month the node ran in.
  const createdAt = deletedAt - ranDays * DAY_MS - 1_234_567
  await sqlQuery(
    server.dataDir,
    'UPDATE nodes SET created_at = $1, deleted_at = $2 WHERE id = $3',
    [createdAt, deletedAt + 321, id]
  )
  return { createdAt, deletedAt }
}

/** Row counts of the node and of each table that hangs off a node. */
async function rowsOf(id: string): Promise<number[]> {
  const count = async (text: string) =>
    Number((await sqlQuery<{ n: number }>(server.dataDir, text, [id]))[0]!.n)
  return [
    await count('SELECT count(*) AS n FROM nodes WHERE id = $1'),
    await count("SELECT count(*) AS n FROM labels WHERE kind = 'node' AND resource_id = $1"),
    await count('SELECT count(*) AS n FROM node_user_data WHERE node_id = $1'),
    await count('SELECT count(*) AS n FROM node_ssh_keys WHERE node_id = $1'),
    await count('SELECT count(*) AS n FROM firewall_targets WHERE node_id = $1'),
  ]
}

const monthStart = (ms: number, add = 0) => {
  const at = new Date(ms)
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + add, 1)).toISOString()
}

describe('deleted node retention', () => {
  it('prunes nodes deleted 401 days ago with their rows, keeps 399, and keeps usage totals', async () => {
    const old = await deletedNode('old')
    const recent = await deletedNode('recent')
    const first = await age(old, 401, 40)
    const last = await age(recent, 399, 3)
    // Whole months from the first the old node ran in to the last the recent one did.
    const from = monthStart(first.createdAt)
    const to = monthStart(last.deletedAt + 321, 1)
    const period = `/api/v1/usage?from=${from}&to=${to}`
    const before = (await client.get(period)).body
    expect(before.nodes.map((n: { node_id: string }) => n.node_id).sort()).toEqual(
      [old, recent].sort()
    )
    expect(before.archived_months).toEqual([])
    expect(Number(before.total_cost)).toBeGreaterThan(0)
    expect(await rowsOf(old)).toEqual([1, 1, 1, 1, 1])

    await server.stop()
    server = await startServer({ dataDir: server.dataDir })
    client = api(server.url, (await createTestKey(server.dataDir)).key)
    await eventually(async () => ((await rowsOf(old))[0] === 0 ? true : undefined))

    expect(await rowsOf(old)).toEqual([0, 0, 0, 0, 0])
    expect(await rowsOf(recent)).toEqual([1, 1, 1, 1, 1])
    expect((await client.get(`/nodes/${old}`)).status).toBe(404)
    const after = (await client.get(period)).body
    expect(after.total_cost).toBe(before.total_cost)
    expect(after.nodes.map((n: { node_id: string }) => n.node_id)).toEqual([recent])
    const oldRow = before.nodes.find((n: { node_id: string }) => n.node_id === old)
    const archived = after.archived_months as { seconds: number; nodes: number }[]
    expect(archived.length).toBeGreaterThanOrEqual(2)
    expect(archived.reduce((sum, month) => sum + month.seconds, 0)).toBe(oldRow.seconds)
    expect(archived.every((month) => month.nodes === 1)).toBe(true)
    expect(after.archived_months_excluded).toEqual([])

    // A period that cuts the old node's first month names it rather than guessing its share.
    const cut = new Date(Date.parse(from) + DAY_MS).toISOString()
    const partial = (await client.get(`/api/v1/usage?from=${cut}&to=${to}`)).body
    expect(partial.archived_months_excluded.map((m: { month: string }) => m.month)).toEqual([
      from.slice(0, 7),
    ])
  })

  it('refuses a bad NODEPLANE_DELETED_NODE_RETENTION_DAYS, naming it', async () => {
    await expect(
      startServer({ env: { NODEPLANE_DELETED_NODE_RETENTION_DAYS: '7' } })
    ).rejects.toThrow(/NODEPLANE_DELETED_NODE_RETENTION_DAYS/)
  })
})
