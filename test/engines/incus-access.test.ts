import { randomBytes } from 'node:crypto'
import { afterEach, expect, it } from 'vitest'
import { eventually } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'
import { runningNode, sshWithKey, tcpOpen } from './_engines.js'
import { deleteAllNodes, describeIncus, incus, INTERNET, loginTo } from './_incus.js'

/** Each member sold as three small sizes. */
const SLICES = { sizes: [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: 3 }] }

const tcp = (port: string, sourceIps = ['0.0.0.0/0', '::/0']) => ({
  direction: 'in',
  protocol: 'tcp',
  port,
  source_ips: sourceIps,
})

/** Waits (5 s at most: the target is 1 s) until TCP `port` of `ip` is open or closed. */
const becomes = (ip: string, port: number, open: boolean) =>
  eventually(async () => ((await tcpOpen(INTERNET, ip, port)) === open ? true : undefined), 5_000)

/** A TCP listener on `port` in the node, started over ssh as its user would (perl is in it). */
async function listenIn(node: { ip_address: string }, password: string, port: number) {
  const perl = `perl -MIO::Socket::INET -e '$s = IO::Socket::INET->new(LocalPort => ${port}, Listen => 5, ReuseAddr => 1) or die; while ($c = $s->accept) { close $c }'`
  const started = await loginTo(node, password, `nohup ${perl} >/dev/null 2>&1 &`)
  if (started.code !== 0) throw new Error(`could not start a listener: ${started.stderr}`)
}

describeIncus(
  'SSH keys, password login and user data',
  (ctx) => {
    const addKey = async (publicKey: string) => {
      const name = `key-${randomBytes(3).toString('hex')}`
      const res = await ctx.client.post('/api/v1/ssh-keys', { name, public_key: publicKey })
      expect(res.status, res.text).toBe(201)
      return res.body.id as string
    }

    afterEach(() => deleteAllNodes(ctx.client), 150_000)

    it('logs in with the key given at creation, swaps keys live and turns password login off and on', async () => {
      const [first, second] = [generateKey('ed25519'), generateKey('ed25519')]
      const [firstId, secondId] = [await addKey(first.publicKey), await addKey(second.publicKey)]
      const { node, password } = await runningNode(ctx.client, { ssh_keys: [firstId] })
      const login = await sshWithKey(
        INTERNET,
        node.ip_address,
        first.file,
        'id -un; stat -c %a ~/.ssh/authorized_keys'
      )
      expect(login.stderr).toBe('')
      expect(login.stdout).toBe('root\n600\n')
      expect((await sshWithKey(INTERNET, node.ip_address, second.file, 'true')).code).not.toBe(0)

      const put = (body: unknown) =>
        ctx.client.request('PUT', `/api/v1/nodes/${node.id}/ssh-keys`, { json: body })
      expect((await put({ ssh_keys: [secondId], password_login: false })).status).toBe(200)
      expect((await sshWithKey(INTERNET, node.ip_address, second.file, 'true')).code).toBe(0)
      expect((await sshWithKey(INTERNET, node.ip_address, first.file, 'true')).code).not.toBe(0)
      const refused = await loginTo(node, password, 'true')
      expect(refused.stderr).toMatch(/Permission denied/)

      expect((await put({ ssh_keys: [secondId], password_login: true })).status).toBe(200)
      expect((await loginTo(node, password, 'echo in')).stdout).toBe('in\n')
    })

    it('runs user data once the node is up and reports its status and output', async () => {
      const script = '#!/bin/sh\necho "made by $(id -un)" > /root/made.txt\necho done\n'
      const { node, password } = await runningNode(ctx.client, { user_data: script })
      const done = await eventually(async () => {
        const reply = (await ctx.client.get(`/nodes/${node.id}?wait_for=user_data&timeout=20`)).body
        return ['succeeded', 'failed'].includes(reply.user_data_status) ? reply : undefined
      }, 90_000)
      expect(done.user_data_status).toBe('succeeded')
      const result = (await ctx.client.get(`/api/v1/nodes/${node.id}/user-data/result`)).body
      expect(result).toMatchObject({ status: 'succeeded', exit_code: 0, output: 'done\n' })
      const made = await loginTo(node, password, 'cat /root/made.txt')
      expect(made.stdout).toBe('made by root\n')
    })

    it('starts again a node stopped behind its back, with its disk and a node.restarted event', async () => {
      const { node, password } = await runningNode(ctx.client)
      expect((await loginTo(node, password, 'echo kept > /root/f')).code).toBe(0)
      const name = `np-${node.id.replace('_', '-')}`
      await incus(`/1.0/instances/${name}/state`, 0, 'PUT', { action: 'stop', force: true })
      const back = await eventually(async () => {
        const login = await loginTo(node, password, 'cat /root/f')
        return login.code === 0 ? login : undefined
      }, 90_000)
      expect(back.stdout).toBe('kept\n')
      // Recorded once the node is back and its access applied again, a moment after its sshd.
      await eventually(async () => {
        const events = (await ctx.client.get('/api/v1/events?type=node.restarted')).body
        return JSON.stringify(events).includes(node.id) ? true : undefined
      }, 30_000)
    })

    it('opens every port by default and, under a firewall by label, only what its rules allow, live', async () => {
      const patch = (path: string, json: unknown) => ctx.client.request('PATCH', path, { json })
      const { node, password } = await runningNode(ctx.client)
      const ip = node.ip_address
      await listenIn(node, password, 2222)
      await becomes(ip, 2222, true)

      const created = await ctx.client.post('/api/v1/firewalls', {
        name: `ssh-only-${node.id}`,
        rules: [tcp('22')],
        apply_to: [{ type: 'label_selector', selector: 'role=web' }],
      })
      expect(created.status, created.text).toBe(201)
      const firewall = created.body.id as string
      // An ssh session open before the firewall stays (the filter is stateful).
      const session = loginTo(node, password, 'sleep 3; echo still')
      expect((await patch(`/nodes/${node.id}`, { labels: { role: 'web' } })).status).toBe(200)
      await becomes(ip, 2222, false)
      expect(await tcpOpen(INTERNET, ip, 22)).toBe(true)
      expect((await session).stdout).toBe('still\n')
      // Its VPC is not filtered: a neighbour reaches 2222 on the private address.
      const neighbour = await runningNode(ctx.client)
      const probe = (to: string) =>
        loginTo(
          neighbour.node,
          neighbour.password,
          `timeout 2 bash -c 'exec 3<>/dev/tcp/${to}/2222' && echo open`
        )
      expect((await probe(node.private_ip)).stdout).toBe('open\n')
      // Another node's public address crosses the filter like the internet.
      expect((await probe(ip)).stdout).toBe('')

      await patch(`/api/v1/firewalls/${firewall}`, { rules: [tcp('22'), tcp('2000-2999')] })
      await becomes(ip, 2222, true)
      // The node's own connections out still get their replies.
      const out = await loginTo(node, password, 'ping -c 1 -W 2 198.18.0.2 >/dev/null && echo out')
      expect(out.stdout).toBe('out\n')

      expect((await patch(`/nodes/${node.id}`, { labels: {} })).status).toBe(200)
      await becomes(ip, 2222, true)
      await patch(`/api/v1/firewalls/${firewall}`, { rules: [tcp('22')] })
      expect(await tcpOpen(INTERNET, ip, 2222)).toBe(true)
      expect((await ctx.client.delete(`/api/v1/firewalls/${firewall}`)).status).toBe(204)
    })

    it('names the node after its name and shows its credentials', async () => {
      const { node, credentials } = await runningNode(ctx.client, { name: 'web-1' })
      expect(credentials.ssh_command).toBe(`ssh root@${node.ip_address}`)
      const login = await loginTo(node, credentials.password, 'hostname')
      expect(login.stdout).toBe('web-1\n')
    })
  },
  { inventory: SLICES, publicPool: '203.0.113.32/27' }
)
