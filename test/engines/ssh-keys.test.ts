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

async function addKey(ctx: EngineServer, name: string, publicKey: string): Promise<string> {
  const res = await ctx.client.post('/api/v1/ssh-keys', { name, public_key: publicKey })
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
        const removed = await sh('podman', ['rm', '--force', '--time', '0', ctx.ns(node.id)])
        expect(removed.code, removed.stderr).toBe(0)
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
