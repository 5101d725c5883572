/**
 * The provider on a real engine: Terraform changes a node's SSH keys and the new key logs in
 * over real ssh while the old one is refused, on the same node; user data waited for with
 * `wait_for = "user_data"` wrote its file, and a failing script fails the apply with its exit
 * status, leaving the node tainted. On both engines, netns and podman (about 50 s together).
 * @module
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { generateKey, type GeneratedKey } from '../helpers/ssh-keys.js'
import {
  bundleProvider,
  fixtureWorkdir,
  setVariables,
  tempDir,
  tofu,
  type Workdir,
} from '../helpers/tofu.js'
import { describeEngines, sh, ssh, type EngineServer } from './_engines.js'

/** A key pair whose private key sits in a file that ssh -i accepts. */
function keyPair(): GeneratedKey & { file: string } {
  const key = generateKey('ed25519')
  const file = join(tempDir('nodeplane-tf-engine-key-'), 'id_ed25519')
  writeFileSync(file, key.privateKey, { mode: 0o600 })
  return { ...key, file }
}

/** Logs in as root with one key only (no password, no prompt) from the internet side. */
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

const vars = (v: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(v).map(([k, value]) => [
      k,
      typeof value === 'string' ? value : JSON.stringify(value),
    ])
  )

await describeEngines(
  'Terraform on a real node',
  (ctx) => {
    let setup: { bin: string; key: string } | undefined
    const workdir = async (v: Record<string, unknown>): Promise<Workdir> => {
      setup ??= {
        bin: (await bundleProvider()).bin,
        key: (await createTestKey(ctx.server.dataDir)).key,
      }
      return fixtureWorkdir(
        'engine-node',
        { bin: setup.bin },
        { endpoint: ctx.server.url, api_key: setup.key, ...vars(v) }
      )
    }
    const run = async (w: Workdir, args: string[]) => {
      const res = await tofu(w, args)
      return { ...res, output: res.stdout + res.stderr }
    }
    const outputs = async (w: Workdir) =>
      JSON.parse((await run(w, ['output', '-json'])).stdout) as Record<string, { value: any }>

    it('rotates the key through Terraform: the new key logs in, the old one and the password are refused, the node id stays', async () => {
      const [first, second] = [keyPair(), keyPair()]
      const w = await workdir({ keys: { first: first.publicKey }, node_keys: ['first'] })
      const created = await run(w, ['apply', '-auto-approve', '-input=false'])
      expect(created.code, created.output).toBe(0)
      const { id, ip_address: ip } = await outputs(w)
      const login = await sshWithKey(ctx, ip!.value, first.file, 'cat /root/.ssh/authorized_keys')
      expect(login.code, login.stderr).toBe(0)
      expect(login.stdout).toContain(first.publicKey)
      const password = (await ctx.client.get(`/api/v1/nodes/${id!.value}/credentials`)).body
        .password as string
      expect((await ssh(ctx.names.internet, ip!.value, password, 'true')).code).not.toBe(0)

      setVariables(w, vars({ keys: { second: second.publicKey }, node_keys: ['second'] }))
      const plan = await run(w, ['plan', '-input=false'])
      expect(plan.output).toContain('nodeplane_node.n will be updated in-place')
      const rotated = await run(w, ['apply', '-auto-approve', '-input=false'])
      expect(rotated.code, rotated.output).toBe(0)
      expect((await outputs(w)).id!.value).toBe(id!.value)
      const newLogin = await sshWithKey(ctx, ip!.value, second.file, 'hostname')
      expect(newLogin.code, newLogin.stderr).toBe(0)
      expect((await sshWithKey(ctx, ip!.value, first.file, 'true')).code).not.toBe(0)
      expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
    })

    it('waits for user data, which wrote its file; a failing script fails the apply with its exit status and taints the node', async () => {
      const key = keyPair()
      const script = '#!/bin/sh\necho "made by user data" > /root/hello\n'
      const w = await workdir({
        keys: { me: key.publicKey },
        node_keys: ['me'],
        user_data: script,
        wait_for: 'user_data',
      })
      const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
      expect(applied.code, applied.output).toBe(0)
      const out = await outputs(w)
      expect(out.user_data_status!.value).toBe('succeeded')
      const read = await sshWithKey(ctx, out.ip_address!.value, key.file, 'cat /root/hello')
      expect(read.stdout.trim()).toBe('made by user data')
      expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)

      const failing = await workdir({
        keys: { me2: key.publicKey },
        node_keys: ['me2'],
        user_data: '#!/bin/sh\necho "about to fail"\nexit 3\n',
        wait_for: 'user_data',
      })
      const failed = await run(failing, ['apply', '-auto-approve', '-input=false'])
      expect(failed.code).toBe(1)
      expect(failed.output).toContain('User data failed')
      expect(failed.output).toContain('exited with 3')
      expect(failed.output).toContain('about to fail')
      const plan = await run(failing, ['plan', '-input=false'])
      // tofu and terraform word it slightly differently.
      expect(plan.output).toMatch(/nodeplane_node\.n is tainted, so (it )?must be replaced/)
      expect((await run(failing, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
    })
  },
  { engines: ['netns', 'podman'] }
)
