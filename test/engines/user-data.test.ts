import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { newDataDir } from '../helpers/server.js'
import { generateKey } from '../helpers/ssh-keys.js'
import { tempDir } from '../helpers/temp-dirs.js'
import {
  describeEngines,
  engineUnavailable,
  ENGINES,
  purge,
  runningNode,
  sh,
  ssh,
  startEngineServer,
  type EngineServer,
} from './_engines.js'

type Client = ReturnType<typeof api>

/** Waits (long-polling) until the node's user data has finished; returns the node. */
async function finished(client: Client, id: string, seconds = 60) {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const node = (await client.get(`/nodes/${id}?wait_for=user_data&timeout=20`)).body
    if (['succeeded', 'failed', 'skipped'].includes(node.user_data_status)) return node
    if (Date.now() > deadline) throw new Error(`user data of ${id} still ${node.user_data_status}`)
  }
}

const resultOf = async (client: Client, id: string) =>
  (await client.get(`/api/v1/nodes/${id}/user-data/result`)).body

await describeEngines('user data', (ctx) => {
  it('runs a script once the node is reachable: its file is there over ssh', async () => {
    const script = '#!/bin/sh\necho "made by $(id -un)" > /root/made.txt\necho done\n'
    const { node, password } = await runningNode(ctx.client, { user_data: script })
    expect(node.reachable_at).toEqual(expect.any(String))
    const done = await finished(ctx.client, node.id)
    expect(done.user_data_status).toBe('succeeded')
    const result = await resultOf(ctx.client, node.id)
    expect(result).toMatchObject({ status: 'succeeded', exit_code: 0, output: 'done\n' })
    expect(Date.parse(result.started_at)).toBeLessThanOrEqual(Date.parse(result.finished_at))
    const login = await ssh(ctx.names.internet, node.ip_address, password, 'cat /root/made.txt')
    expect(login.stdout).toBe('made by root\n')
  })

  it('reports a failing script with its exit status and output, and the event', async () => {
    const script = '#!/bin/sh\necho "about to fail"\necho oops >&2\nexit 3\n'
    const { node } = await runningNode(ctx.client, { user_data: script })
    expect((await finished(ctx.client, node.id)).user_data_status).toBe('failed')
    expect(await resultOf(ctx.client, node.id)).toMatchObject({
      status: 'failed',
      exit_code: 3,
      output: 'about to fail\noops\n',
    })
    const events = await ctx.client.get(`/api/v1/events?order=oldest&resource_id=${node.id}`)
    const runEvents = events.body.events.filter((e: { type: string }) =>
      e.type.startsWith('node.user_data_')
    )
    expect(runEvents.map((e: { type: string; data: unknown }) => [e.type, e.data])).toEqual([
      ['node.user_data_started', { status: 'running', started_at: expect.any(String) }],
      ['node.user_data_finished', { status: 'failed', exit_code: 3 }],
    ])
  })

  it('keeps the last 64 KiB of a large output', async () => {
    // About 1.3 MB, written over a few seconds so the runner trims it while it grows.
    const script = '#!/bin/sh\nfor i in 1 2 3; do seq 1 70000; sleep 2.5; done\necho end\n'
    const { node, password } = await runningNode(ctx.client, { user_data: script })
    expect((await finished(ctx.client, node.id)).user_data_status).toBe('succeeded')
    const { output } = await resultOf(ctx.client, node.id)
    // Inside the node too the file stayed small, not the 1.3 MB written.
    const dir = ctx.engine === 'podman' ? '/var/lib/nodeplane' : '/run/nodeplane/node'
    const size = await ssh(
      ctx.names.internet,
      node.ip_address,
      password,
      `wc -c < ${dir}/user-data/output`
    )
    expect(Number(size.stdout)).toBeLessThan(300_000)
    expect(output.length).toBeGreaterThan(60_000)
    expect(output.length).toBeLessThanOrEqual(65_536)
    expect(output.endsWith('69999\n70000\nend\n')).toBe(true)
  })

  it('applies cloud-config write_files and runcmd, with hostile values kept literal', async () => {
    const hostile = `it's $(touch /root/pwned) \`id\` "q"\nNODEPLANE_EOF\nline`
    const userData = [
      '#cloud-config',
      'write_files:',
      '  - path: /root/conf/app.conf',
      `    content: ${JSON.stringify(hostile)}`,
      "    permissions: '0600'",
      '  - path: /root/blob',
      '    encoding: b64',
      `    content: ${Buffer.from('binary\u0000data').toString('base64')}`,
      'runcmd:',
      '  - echo "from runcmd" > /root/runcmd.txt',
      "  - [sh, -c, 'stat -c %a /root/conf/app.conf > /root/mode.txt']",
      '',
    ].join('\n')
    const { node, password } = await runningNode(ctx.client, { user_data: userData })
    expect((await finished(ctx.client, node.id)).user_data_status).toBe('succeeded')
    const run = (command: string) => ssh(ctx.names.internet, node.ip_address, password, command)
    expect((await run('cat /root/conf/app.conf')).stdout).toBe(hostile)
    expect((await run('od -An -c /root/blob | tr -s " "')).stdout).toMatch(
      /b i n a r y \\0 d a t a/
    )
    expect((await run('cat /root/runcmd.txt /root/mode.txt')).stdout).toBe('from runcmd\n600\n')
    expect((await run('ls /root/pwned 2>&1')).code).not.toBe(0)
  })

  it('deletes a node mid-run: the node goes, and the worker stops following its run', async () => {
    const { node } = await runningNode(ctx.client, { user_data: '#!/bin/sh\nsleep 1000\n' })
    await eventually(async () =>
      (await ctx.client.get(`/nodes/${node.id}`)).body.user_data_status === 'running'
        ? true
        : undefined
    )
    expect((await ctx.client.delete(`/nodes/${node.id}`)).status).toBe(204)
    const gone = await ctx.client.get(`/nodes/${node.id}?wait_for=deleted&timeout=30`)
    expect(gone.status).toBe(404)
    expect((await ctx.client.get(`/api/v1/nodes/${node.id}/user-data/result`)).status).toBe(404)
    const failedReads = () =>
      ctx.server.logs.filter(
        (line) => line.node_id === node.id && String(line.msg).startsWith('reading user data')
      ).length
    const before = failedReads()
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(failedReads()).toBe(before)
    expect(
      ctx.server.logs.some((line) => line.node_id === node.id && line.msg === 'user data finished')
    ).toBe(false)
  })
})

/**
 * cloud-config `users` on the tenant boundary: the user logs in with its key over real ssh.
 * (On netns a node shares the machine's /etc/passwd, and `users` is documented as failing.)
 */
await describeEngines(
  'cloud-config users',
  (ctx) => {
    it('creates a user who logs in with the given key and shell', async () => {
      const key = generateKey('ed25519')
      const keyFile = join(tempDir('nodeplane-user-key-'), 'id')
      writeFileSync(keyFile, key.privateKey, { mode: 0o600 })
      const userData = [
        '#cloud-config',
        'users:',
        '  - name: deploy',
        '    shell: /bin/sh',
        `    ssh_authorized_keys: [${JSON.stringify(key.publicKey)}]`,
        '',
      ].join('\n')
      const { node } = await runningNode(ctx.client, { user_data: userData })
      expect((await finished(ctx.client, node.id)).user_data_status).toBe('succeeded')
      const login = await sh('ip', [
        'netns',
        'exec',
        ctx.names.internet,
        'ssh',
        ...['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null'],
        ...['-o', 'BatchMode=yes', '-o', 'LogLevel=ERROR', '-i', keyFile],
        `deploy@${node.ip_address}`,
        'id -un; echo $SHELL; pwd',
      ])
      expect(login.stderr).toBe('')
      expect(login.stdout).toBe('deploy\n/bin/sh\n/home/deploy\n')
    })
  },
  { engines: ['podman'] }
)

/**
 * The tenant boundary: what the control plane runs inside a node to read the run (its `sh`,
 * its `tail`) is the node root's to replace. A `tail` that never stops printing must not
 * fill the control plane's memory; the run is reported failed, and the server keeps answering.
 */
await describeEngines(
  'user data read through programs the tenant replaced',
  (ctx) => {
    it('reports a run whose state prints without end as failed, and the server stays up', async () => {
      const script = [
        '#!/bin/sh',
        "printf '#!/bin/sh\\nexec yes nodeplane\\n' > /usr/local/bin/tail",
        'chmod 755 /usr/local/bin/tail',
        'echo planted',
        '',
      ].join('\n')
      const { node } = await runningNode(ctx.client, { user_data: script })
      expect((await finished(ctx.client, node.id)).user_data_status).toBe('failed')
      const result = await resultOf(ctx.client, node.id)
      expect(result).toMatchObject({ status: 'failed', exit_code: null })
      expect(result.output).toMatch(/state could not be read from the node/)
      expect(result.output.length).toBeLessThan(1024)
      expect((await ctx.client.get('/nodes')).status).toBe(200)
    })
  },
  { engines: ['podman'] }
)

/** Kills a node's engine side from outside, as a crash would (see repair.test.ts). */
async function killNode(ctx: EngineServer, nodeId: string): Promise<void> {
  const killed =
    ctx.engine === 'podman'
      ? await sh('podman', ['kill', ctx.ns(nodeId)])
      : await sh('ip', ['netns', 'delete', ctx.ns(nodeId)])
  expect(killed.code).toBe(0)
}

const restarted = (ctx: EngineServer, nodeId: string) =>
  ctx.server.logs.some((line) => line.msg === 'node restarted' && line.node_id === nodeId)

await describeEngines(
  'user data limits and node restarts',
  (ctx) => {
    it('kills user data at its time limit and reports it failed', async () => {
      const script = '#!/bin/sh\necho start\nsleep 120\necho never\n'
      const { node } = await runningNode(ctx.client, { user_data: script })
      expect((await finished(ctx.client, node.id)).user_data_status).toBe('failed')
      const result = await resultOf(ctx.client, node.id)
      expect(result).toMatchObject({ status: 'failed', exit_code: null })
      expect(result.output).toBe(
        'start\n[nodeplane] user data killed at its time limit of 2 seconds\n'
      )
      expect(Date.parse(result.finished_at) - Date.parse(result.started_at)).toBeLessThan(15_000)
    })

    it('does not run user data again when a dead node is brought back', async () => {
      const script = '#!/bin/sh\necho run >> /root/runs.txt\n'
      const { node, password } = await runningNode(ctx.client, { user_data: script })
      expect((await finished(ctx.client, node.id)).user_data_status).toBe('succeeded')
      await killNode(ctx, node.id)
      await eventually(async () => (restarted(ctx, node.id) ? true : undefined), 60_000)
      await new Promise((resolve) => setTimeout(resolve, 2000))
      const runs = await ssh(ctx.names.internet, node.ip_address, password, 'cat /root/runs.txt')
      expect(runs.stdout).toBe('run\n')
    })

    it('reports user data failed, and does not run it again, when its node dies under it', async () => {
      const script = '#!/bin/sh\necho run >> /root/runs.txt\nsleep 1000\n'
      const { node, password } = await runningNode(ctx.client, { user_data: script })
      await eventually(async () =>
        (await ctx.client.get(`/nodes/${node.id}`)).body.user_data_status === 'running'
          ? true
          : undefined
      )
      await killNode(ctx, node.id)
      const done = await finished(ctx.client, node.id)
      expect(done.user_data_status).toBe('failed')
      expect((await resultOf(ctx.client, node.id)).finished_at).toEqual(expect.any(String))
      await eventually(async () => (restarted(ctx, node.id) ? true : undefined), 60_000)
      const runs = await ssh(ctx.names.internet, node.ip_address, password, 'cat /root/runs.txt')
      expect(runs.stdout).toBe('run\n')
    })
  },
  { env: { NODEPLANE_USER_DATA_TIMEOUT_SECONDS: '2' } }
)

/**
 * A control plane killed while the script runs: the run goes on inside the node, and the
 * restarted server records its result, without starting it a second time.
 */
for (const engine of ENGINES) {
  const unavailable = await engineUnavailable(engine)
  describe.skipIf(unavailable)(`${engine} driver: user data across a restart`, () => {
    const dataDir = newDataDir()
    let ctx: EngineServer
    beforeAll(async () => {
      ctx = await startEngineServer(engine, {}, dataDir)
    })
    afterAll(async () => {
      await ctx?.server.stop()
      if (ctx?.names) await purge(ctx.names)
    })

    it('survives a control-plane crash mid-script and never runs it twice', async () => {
      // Each run appends a line: two lines would mean it ran twice.
      const script = '#!/bin/sh\necho run >> /root/runs.txt\nsleep 6\necho finished\n'
      const { node, password } = await runningNode(ctx.client, { user_data: script })
      const id = node.id
      await eventually(async () =>
        (await ctx.client.get(`/nodes/${id}`)).body.user_data_status === 'running'
          ? true
          : undefined
      )
      await ctx.server.kill()

      ctx = await startEngineServer(engine, {}, dataDir)
      // The key made before the crash still works; a new one is as good.
      ctx.client = api(ctx.server.url, (await createTestKey(dataDir)).key)
      const done = await finished(ctx.client, id)
      expect(done.user_data_status).toBe('succeeded')
      expect((await resultOf(ctx.client, id)).output).toBe('finished\n')
      const runs = await ssh(ctx.names.internet, node.ip_address, password, 'cat /root/runs.txt')
      expect(runs.stdout).toBe('run\n')

      // A second restart with the run recorded starts nothing either.
      await ctx.server.stop()
      ctx = await startEngineServer(engine, {}, dataDir)
      ctx.client = api(ctx.server.url, (await createTestKey(dataDir)).key)
      await runningNode(ctx.client, undefined, id)
      await new Promise((resolve) => setTimeout(resolve, 2000))
      const again = await ssh(ctx.names.internet, node.ip_address, password, 'cat /root/runs.txt')
      expect(again.stdout).toBe('run\n')
      expect((await resultOf(ctx.client, id)).status).toBe('succeeded')
    })
  })
}
