import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { expect, it } from 'vitest'
import { eventually } from '../helpers/http.js'
import { tempDir } from '../helpers/temp-dirs.js'
import {
  describeEngines,
  purge,
  runningNode,
  sh,
  ssh,
  startEngineServer,
  type EngineServer,
} from './_engines.js'

/**
 * A fresh ed25519 key pair made by the real ssh-keygen: the private key file's path and the
 * public key line. Its directory goes after the file (test/helpers/remove-temp-dirs.setup.ts).
 */
async function keyPair(): Promise<{ file: string; publicKey: string }> {
  const file = join(tempDir('nodeplane-engine-keys-'), 'id_ed25519')
  const keygen = await sh('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'np', '-f', file])
  expect(keygen.code, keygen.stderr).toBe(0)
  const publicKey = (await sh('cat', [`${file}.pub`])).stdout.trim()
  return { file, publicKey }
}

/** Logs in as root with a key only (BatchMode: no password, no prompt) from the internet side. */
function sshWithKey(ctx: EngineServer, ip: string, keyFile: string, command: string) {
  const options = [
    'BatchMode=yes',
    'IdentitiesOnly=yes',
    'PasswordAuthentication=no',
    'KbdInteractiveAuthentication=no',
    'StrictHostKeyChecking=no',
    'UserKnownHostsFile=/dev/null',
    'LogLevel=ERROR',
    'ConnectTimeout=5',
  ]
  const args = ['netns', 'exec', ctx.names.internet, 'ssh', '-i', keyFile]
  args.push(...options.flatMap((o) => ['-o', o]), `root@${ip}`, command)
  return sh('ip', args)
}

/** Adds a key under `name` and a fresh suffix, so a retried test never meets its first try's key. */
async function addKey(ctx: EngineServer, name: string, publicKey: string): Promise<string> {
  const unique = `${name}-${randomBytes(3).toString('hex')}`
  const res = await ctx.client.post('/api/v1/ssh-keys', { name: unique, public_key: publicKey })
  expect(res.status, res.text).toBe(201)
  return res.body.id as string
}

const putKeys = (ctx: EngineServer, id: string, body: unknown) =>
  ctx.client.request('PUT', `/api/v1/nodes/${id}/ssh-keys`, { json: body })

await describeEngines(
  'SSH keys on nodes',
  (ctx, engine) => {
    it('logs in with the key given at creation, and a new key replaces it live on the same node', async () => {
      const [first, second] = [await keyPair(), await keyPair()]
      const firstId = await addKey(ctx, 'first', first.publicKey)
      const secondId = await addKey(ctx, 'second', second.publicKey)
      const { node } = await runningNode(ctx.client, { ssh_keys: [firstId] })
      const login = await sshWithKey(
        ctx,
        node.ip_address,
        first.file,
        'id -un; stat -c %a ~/.ssh/authorized_keys'
      )
      expect(login.stderr).toBe('')
      expect(login.stdout).toBe('root\n600\n')
      expect((await sshWithKey(ctx, node.ip_address, second.file, 'true')).code).not.toBe(0)

      const put = await putKeys(ctx, node.id, { ssh_keys: [secondId] })
      expect(put.status, put.text).toBe(200)
      expect(put.body).toMatchObject({ id: node.id, status: 'running', ssh_keys: [secondId] })
      const withNew = await sshWithKey(
        ctx,
        node.ip_address,
        second.file,
        'cat ~/.ssh/authorized_keys'
      )
      expect(withNew.stdout).toBe(`${second.publicKey}\n`)
      const withOld = await sshWithKey(ctx, node.ip_address, first.file, 'true')
      expect(withOld.code).not.toBe(0)
      expect(withOld.stderr).toMatch(/Permission denied/)
      expect((await ctx.client.get(`/nodes/${node.id}`)).body).toMatchObject({
        id: node.id,
        status: 'running',
        ip_address: node.ip_address,
      })
    })

    it('refuses password login with password_login false while the key works, and turns it back on live', async () => {
      const pair = await keyPair()
      const keyId = await addKey(ctx, 'no-password', pair.publicKey)
      const { node, password } = await runningNode(ctx.client, {
        ssh_keys: [keyId],
        password_login: false,
      })
      const refused = await ssh(ctx.names.internet, node.ip_address, password, 'true')
      expect(refused.code).not.toBe(0)
      expect(refused.stderr).toMatch(/Permission denied/)
      expect((await sshWithKey(ctx, node.ip_address, pair.file, 'echo in')).stdout).toBe('in\n')

      const on = await putKeys(ctx, node.id, { ssh_keys: [keyId], password_login: true })
      expect(on.body.password_login).toBe(true)
      const allowed = await ssh(ctx.names.internet, node.ip_address, password, 'echo in')
      expect([allowed.code, allowed.stdout]).toEqual([0, 'in\n'])

      await putKeys(ctx, node.id, { ssh_keys: [keyId], password_login: false })
      expect((await ssh(ctx.names.internet, node.ip_address, password, 'true')).code).not.toBe(0)
      expect((await sshWithKey(ctx, node.ip_address, pair.file, 'echo in')).stdout).toBe('in\n')
    })

    it("writes the keys into the node even when root's .ssh was made a symlink out of it", async () => {
      const [first, second] = [await keyPair(), await keyPair()]
      const firstId = await addKey(ctx, 'before-symlink', first.publicKey)
      const secondId = await addKey(ctx, 'after-symlink', second.publicKey)
      const { node } = await runningNode(ctx.client, { ssh_keys: [firstId] })
      // A directory of the machine: on netns a node sees the machine's files outside /root.
      const outside = tempDir('nodeplane-outside-')
      const link = await sshWithKey(
        ctx,
        node.ip_address,
        first.file,
        `rm -rf ~/.ssh && ln -s ${outside} ~/.ssh`
      )
      expect(link.code, link.stderr).toBe(0)
      const put = await putKeys(ctx, node.id, { ssh_keys: [secondId] })
      expect(put.status, put.text).toBe(200)
      expect(readdirSync(outside)).toEqual([])
      const login = await sshWithKey(
        ctx,
        node.ip_address,
        second.file,
        'test -d ~/.ssh && test ! -L ~/.ssh && echo dir'
      )
      expect(login.stdout).toBe('dir\n')
    })

    it('keeps keys changed while the node was provisioning', async () => {
      const pair = await keyPair()
      const keyId = await addKey(ctx, 'early', pair.publicKey)
      const created = await ctx.client.post('/nodes', {})
      const put = await putKeys(ctx, created.body.id, { ssh_keys: [keyId], password_login: false })
      expect(put.body.status).toBe('provisioning')
      const { node, password } = await runningNode(ctx.client, undefined, created.body.id)
      expect((await sshWithKey(ctx, node.ip_address, pair.file, 'echo in')).stdout).toBe('in\n')
      expect((await ssh(ctx.names.internet, node.ip_address, password, 'true')).code).not.toBe(0)
    })

    it.runIf(engine === 'podman')(
      'gives a node remade from the image after its container vanished its keys and password setting again',
      async () => {
        const pair = await keyPair()
        const keyId = await addKey(ctx, 'remade', pair.publicKey)
        const { node, password } = await runningNode(ctx.client, {
          ssh_keys: [keyId],
          password_login: false,
        })
        // podman sometimes answers "shm: device or resource busy" and succeeds when asked again.
        const removed = await eventually(async () => {
          const result = await sh('podman', ['rm', '--force', '--time', '0', ctx.ns(node.id)])
          return result.code === 0 ? result : undefined
        }, 30_000)
        expect(removed.code).toBe(0)
        const login = await eventually(async () => {
          const result = await sshWithKey(ctx, node.ip_address, pair.file, 'echo in')
          return result.code === 0 ? result.stdout : undefined
        }, 60_000)
        expect(login).toBe('in\n')
        expect((await ssh(ctx.names.internet, node.ip_address, password, 'true')).code).not.toBe(0)
      }
    )

    it('re-applies the recorded keys on start after a crash between the database write and the engine write', async () => {
      const [old, recorded] = [await keyPair(), await keyPair()]
      const first = await startEngineServer(engine)
      let second: EngineServer | undefined
      try {
        const oldId = await addKey(first, 'old', old.publicKey)
        const recordedId = await addKey(first, 'recorded', recorded.publicKey)
        const { node, password } = await runningNode(first.client, { ssh_keys: [oldId] })
        await first.server.kill()
        // What a PUT commits before it reaches the engine.
        const db = new Database(join(first.server.dataDir, 'nodeplane.db'))
        db.prepare('UPDATE nodes SET password_login = 0 WHERE id = ?').run(node.id)
        db.prepare('UPDATE node_ssh_keys SET ssh_key_id = ? WHERE node_id = ?').run(
          recordedId,
          node.id
        )
        db.close()

        second = await startEngineServer(engine, {}, first.server.dataDir)
        const login = await eventually(async () => {
          const result = await sshWithKey(second!, node.ip_address, recorded.file, 'echo in')
          return result.code === 0 ? result.stdout : undefined
        }, 60_000)
        expect(login).toBe('in\n')
        expect((await sshWithKey(second, node.ip_address, old.file, 'true')).code).not.toBe(0)
        const byPassword = await ssh(second.names.internet, node.ip_address, password, 'true')
        expect(byPassword.code).not.toBe(0)
      } finally {
        await second?.server.stop()
        await first.server.stop()
        await purge(first.names)
      }
    })
  },
  { env: { NODEPLANE_NETNS_BOOT_SECONDS: '2' } }
)

/**
 * The tenant boundary: the access script runs the node's own programs, which its root may
 * replace with one that never ends. The request gets its answer, and the node can still be
 * deleted, instead of both waiting for ever behind the hung `podman exec`.
 */
await describeEngines(
  'SSH keys on a node whose programs hang',
  (ctx) => {
    it('answers a PUT whose write hangs, and deletes the node afterwards', async () => {
      const key = await keyPair()
      const keyId = await addKey(ctx, 'hang', key.publicKey)
      const userData = [
        '#!/bin/sh',
        "printf '#!/bin/sh\\nexec sleep 100000\\n' > /usr/local/bin/cat",
        'chmod 755 /usr/local/bin/cat',
        '',
      ].join('\n')
      const { node } = await runningNode(ctx.client, { user_data: userData })
      await eventually(async () =>
        (await ctx.client.get(`/nodes/${node.id}`)).body.user_data_status === 'succeeded'
          ? true
          : undefined
      )
      const started = Date.now()
      const put = await putKeys(ctx, node.id, { ssh_keys: [keyId] })
      expect(put.status, put.text).toBe(500)
      expect(put.body.code).toBe('access_not_applied')
      expect(Date.now() - started).toBeLessThan(90_000)
      expect((await ctx.client.delete(`/nodes/${node.id}`)).status).toBe(204)
      const gone = await ctx.client.get(`/nodes/${node.id}?wait_for=deleted&timeout=30`)
      expect(gone.status).toBe(404)
    }, 180_000)
  },
  { engines: ['podman'] }
)

/**
 * Where the three parts meet: a node made with keys, no password login, labels and user data;
 * its keys replaced while the user data runs. The run finishes once, the new key is root's,
 * the old one is refused, and the labels and id are the node's still.
 */
await describeEngines('SSH keys, labels and user data on one node', (ctx) => {
  it('replaces the keys live while user data runs, and the run ends once, undisturbed', async () => {
    const [first, second] = [await keyPair(), await keyPair()]
    const firstId = await addKey(ctx, 'both-first', first.publicKey)
    const secondId = await addKey(ctx, 'both-second', second.publicKey)
    const userData = '#!/bin/sh\necho start >> /root/runs.txt\nsleep 6\necho done\n'
    const labels = { env: 'prod', 'example.com/role': 'web' }
    const { node } = await runningNode(ctx.client, {
      ssh_keys: [firstId],
      password_login: false,
      labels,
      user_data: userData,
    })
    expect(node).toMatchObject({ ssh_keys: [firstId], password_login: false, labels })
    await eventually(async () =>
      (await ctx.client.get(`/nodes/${node.id}`)).body.user_data_status === 'running'
        ? true
        : undefined
    )
    const put = await putKeys(ctx, node.id, { ssh_keys: [secondId] })
    expect(put.status, put.text).toBe(200)
    expect(put.body).toMatchObject({ ssh_keys: [secondId], password_login: false, labels })

    const done = (await ctx.client.get(`/nodes/${node.id}?wait_for=user_data&timeout=30`)).body
    expect(done).toMatchObject({ id: node.id, user_data_status: 'succeeded', labels })
    const result = (await ctx.client.get(`/api/v1/nodes/${node.id}/user-data/result`)).body
    expect(result).toMatchObject({ status: 'succeeded', exit_code: 0, output: 'done\n' })
    const login = await sshWithKey(ctx, node.ip_address, second.file, 'cat /root/runs.txt')
    expect(login.stderr).toBe('')
    expect(login.stdout).toBe('start\n')
    expect((await sshWithKey(ctx, node.ip_address, first.file, 'true')).code).not.toBe(0)
  }, 120_000)
})
