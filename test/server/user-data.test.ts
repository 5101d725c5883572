import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlQuery } from '../helpers/database.js'
import { createTestKey } from '../helpers/accounts.js'
import { testCallers, type Caller } from '../helpers/callers.js'
import { api } from '../helpers/http.js'
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

const SCRIPT = "#!/bin/sh\necho 'token=s3cr3t-value' > /root/app.env\n"
const nodeCount = async () => (await client.get('/nodes')).body.length as number

describe('POST /nodes with user_data', () => {
  it('keeps the text as sent, shows the node pending, and null status without user data', async () => {
    const created = await client.post('/nodes', { user_data: SCRIPT })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ user_data_status: 'pending', reachable_at: null })
    const text = await client.get(`/api/v1/nodes/${created.body.id}/user-data`)
    expect(text.status).toBe(200)
    expect(text.body).toEqual({ node_id: created.body.id, user_data: SCRIPT })

    const plain = await client.post('/nodes', {})
    expect(plain.body).toMatchObject({ user_data_status: null, reachable_at: null })
    for (const path of ['user-data', 'user-data/result']) {
      const res = await client.get(`/api/v1/nodes/${plain.body.id}/${path}`)
      expect(res.status).toBe(404)
      expect(res.body.code).toBe('user_data_not_found')
    }
  })

  it('accepts 32 KiB of UTF-8 exactly and refuses one byte more, counting bytes, not characters', async () => {
    const head = '#!/bin/sh\n#'
    const fill = (bytes: number, char: string) =>
      head + char.repeat((bytes - head.length) / Buffer.byteLength(char))
    expect((await client.post('/nodes', { user_data: fill(32768, 'x') })).status).toBe(201)
    const before = await nodeCount()
    // 'é' is two bytes: 32769 bytes of them are far fewer than 32768 characters.
    for (const text of [fill(32769, 'x'), fill(32769, 'é')]) {
      expect(Buffer.byteLength(text)).toBeGreaterThan(32768)
      const res = await client.post('/nodes', { user_data: text })
      expect(res.status).toBe(400)
      expect(res.body.errors).toEqual([
        { field: 'user_data', message: expect.stringMatching(/at most 32768/) },
      ])
    }
    expect(await nodeCount()).toBe(before)
  })

  it.each([
    ['plain text', 'echo hello', /must start with `#!`/],
    ['a packages key', '#cloud-config\npackages: [nginx]\n', /`packages` is not supported/],
    ['bootcmd', '#cloud-config\nbootcmd: [reboot]\n', /`bootcmd` is not supported/],
    ['bad YAML', '#cloud-config\nwrite_files: [\n  - path: /x\n', /not valid YAML/],
    ['a duplicate key', '#cloud-config\nruncmd: [a]\nruncmd: [b]\n', /not valid YAML/],
    ['a list at the top', '#cloud-config\n- runcmd\n', /must be a YAML mapping/],
    [
      'an unknown write_files key',
      '#cloud-config\nwrite_files:\n  - path: /etc/x\n    defer: true\n',
      /`write_files\[0\]\.defer` is not supported/,
    ],
    [
      'another owner',
      '#cloud-config\nwrite_files:\n  - path: /etc/x\n    owner: www-data\n',
      /owner` must be root/,
    ],
    [
      'a relative path',
      '#cloud-config\nwrite_files:\n  - path: etc/x\n',
      /path` must be an absolute path/,
    ],
    [
      'a bad mode',
      "#cloud-config\nwrite_files:\n  - path: /x\n    permissions: 'u+x'\n",
      /permissions` must be octal/,
    ],
    [
      'gzip encoding',
      '#cloud-config\nwrite_files:\n  - path: /x\n    encoding: gzip\n',
      /`b64` or `text`/,
    ],
    ['a bad user name', '#cloud-config\nusers:\n  - name: "Bad User"\n', /Linux user name/],
    ['a user key', '#cloud-config\nusers:\n  - name: bob\n    sudo: ALL\n', /`users\[0\]\.sudo`/],
    ['a runcmd mapping', '#cloud-config\nruncmd:\n  - {a: b}\n', /`runcmd\[0\]`/],
    ['a YAML bomb', `#cloud-config\nruncmd: &a [${'x,'.repeat(20)}x]\n${bomb()}`, /YAML/],
  ])('refuses %s with 400 naming user_data, and creates nothing', async (_, text, message) => {
    const before = await nodeCount()
    const res = await client.post('/nodes', { user_data: text })
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/)
    expect(res.body.errors).toEqual([{ field: 'user_data', message: expect.any(String) }])
    expect(res.body.errors[0].message).toMatch(message)
    expect(await nodeCount()).toBe(before)
  })

  it('accepts the documented cloud-config subset', async () => {
    const text = [
      '#cloud-config',
      'write_files:',
      '  - path: /etc/app.conf',
      "    content: 'x'",
      '    permissions: 0600',
      '    owner: root:root',
      '  - path: /etc/blob',
      '    encoding: b64',
      '    content: aGVsbG8=',
      'users:',
      '  - name: deploy',
      '    shell: /bin/sh',
      '    ssh_authorized_keys: ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIC0 deploy"]',
      'runcmd:',
      '  - echo hi',
      '  - [touch, /root/ok]',
      '',
    ].join('\n')
    const res = await client.post('/nodes', { user_data: text })
    expect(res.status).toBe(201)
    expect((await client.get(`/api/v1/nodes/${res.body.id}/user-data`)).body.user_data).toBe(text)
  })
})

/** Nested aliases that would expand to millions of entries if the parser followed them all. */
function bomb(): string {
  const lines = []
  for (let i = 0; i < 8; i++) {
    const prev = i === 0 ? 'a' : `b${i - 1}`
    lines.push(`x${i}: &b${i} [${Array(10).fill(`*${prev}`).join(',')}]`)
  }
  return `${lines.join('\n')}\n`
}

describe('user data on the simulated driver', () => {
  it('is skipped once the node is reachable, and wait_for=user_data answers then', async () => {
    const created = await client.post('/nodes', { user_data: SCRIPT })
    const waited = await client.get(`/nodes/${created.body.id}?wait_for=user_data&timeout=10`)
    expect(waited.status).toBe(200)
    expect(waited.body).toMatchObject({ status: 'running', user_data_status: 'skipped' })
    expect(Date.parse(waited.body.reachable_at)).toBeGreaterThanOrEqual(
      Date.parse(created.body.created_at)
    )
    const result = await client.get(`/api/v1/nodes/${created.body.id}/user-data/result`)
    expect(result.status).toBe(200)
    expect(result.body).toEqual({
      node_id: created.body.id,
      status: 'skipped',
      exit_code: null,
      output: '',
      started_at: null,
      finished_at: null,
    })
    const events = await client.get(
      `/api/v1/events?order=oldest&type=node.user_data_finished&resource_id=${created.body.id}`
    )
    expect(events.body.events).toHaveLength(1)
    expect(events.body.events[0]).toMatchObject({
      type: 'node.user_data_finished',
      data: { status: 'skipped', exit_code: null },
      actor: { type: 'system' },
    })
    // The node as every read shows it.
    const listed = (await client.get('/nodes')).body.find(
      (n: { id: string }) => n.id === created.body.id
    )
    expect(listed).toMatchObject({
      user_data_status: 'skipped',
      reachable_at: waited.body.reachable_at,
    })
  })

  it('answers wait_for=user_data as for running when the node has none', async () => {
    const created = await client.post('/nodes', {})
    const waited = await client.get(`/nodes/${created.body.id}?wait_for=user_data&timeout=10`)
    expect(waited.body).toMatchObject({ status: 'running', user_data_status: null })
    expect(waited.body.reachable_at).toEqual(expect.any(String))
  })

  it('keeps the text and the script sealed at rest', async () => {
    const created = await client.post('/nodes', { user_data: SCRIPT })
    const rows = await sqlQuery<Record<string, unknown>>(
      server.dataDir,
      'SELECT * FROM node_user_data WHERE node_id = $1',
      [created.body.id]
    )
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0])).not.toContain('s3cr3t')
  })
})

describe('GET /api/v1/nodes/{id}/user-data and .../result', () => {
  it("answers 404 for another account's node and 403 for a read key, showing nothing", async () => {
    const created = await client.post('/nodes', { user_data: SCRIPT })
    for (const path of ['user-data', 'user-data/result']) {
      const url = `/api/v1/nodes/${created.body.id}/${path}`
      const foreign = await stranger.get(url)
      expect(foreign.status).toBe(404)
      expect(foreign.body.code).toBe('node_not_found')
      expect(foreign.text).not.toContain('s3cr3t')
      const read = await reader.get(url)
      expect(read.status).toBe(403)
      expect(read.text).not.toContain('s3cr3t')
      expect((await client.get(url)).status).toBe(200)
    }
  })

  it('answers 404 once the node is deleted', async () => {
    const created = await client.post('/nodes', { user_data: SCRIPT })
    expect((await client.delete(`/nodes/${created.body.id}`)).status).toBe(204)
    const gone = await client.get(`/nodes/${created.body.id}?wait_for=deleted&timeout=10`)
    expect(gone.status).toBe(404)
    expect((await client.get(`/api/v1/nodes/${created.body.id}/user-data`)).status).toBe(404)
  })
})

describe('user data across a restart (simulated driver)', () => {
  it('is skipped once a node that was provisioning when the server died turns running', async () => {
    const first = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '2' } })
    const key = (await createTestKey(first.dataDir)).key
    const created = await api(first.url, key).post('/nodes', { user_data: SCRIPT })
    expect(created.body.user_data_status).toBe('pending')
    await first.kill()
    const second = await startServer({
      dataDir: first.dataDir,
      env: { NODEPLANE_PROVISION_SECONDS: '2' },
    })
    try {
      const again = api(second.url, key)
      const waited = await again.get(`/nodes/${created.body.id}?wait_for=user_data&timeout=20`)
      expect(waited.body).toMatchObject({ status: 'running', user_data_status: 'skipped' })
      const text = await again.get(`/api/v1/nodes/${created.body.id}/user-data`)
      expect(text.body.user_data).toBe(SCRIPT)
    } finally {
      await second.stop()
    }
  })
})
