import { spawn } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { nodeHostname } from '../../server/provisioning/network/names.js'
import { eventually } from '../helpers/http.js'
import {
  namespacesOf,
  engineUnavailable,
  purge,
  runningNode,
  sh,
  ssh,
  startEngineServer,
  tcpOpen,
  type EngineServer,
} from './_engines.js'

const unavailable = await engineUnavailable('netns')
if (unavailable) console.warn(`netns suite skipped: ${unavailable}`)

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Root logs in on `ip`, retried while the restarted server is still rebuilding. */
function loginEventually(ctx: EngineServer, ip: string, password: string) {
  return eventually(async () => {
    const result = await ssh(ctx.names.internet, ip, password, 'hostname')
    return result.code === 0 ? result.stdout.trim() : undefined
  }, 30_000)
}

describe.skipIf(unavailable)('netns driver: reconcile on start', () => {
  const servers: EngineServer[] = []
  afterAll(async () => {
    for (const ctx of servers) await ctx.server.stop()
    for (const ctx of servers) await purge(ctx.names)
  })

  it('removes an orphan namespace and rebuilds a node whose namespace was deleted by hand', async () => {
    const first = await startEngineServer('netns')
    servers.push(first)
    const { node, password } = await runningNode(first.client)
    await first.server.kill()

    // Deleting the name leaves the namespace alive, unnamed, as long as its sshd runs.
    const lost = first.ns(node.id)
    const oldSshd = (await sh('ip', ['netns', 'pids', lost])).stdout
      .split('\n')
      .filter(Boolean)
      .map(Number)
    expect(oldSshd).toHaveLength(1)
    expect((await sh('ip', ['netns', 'delete', lost])).code).toBe(0)
    // A namespace with nodeplane's prefix that no node owns, with a process inside.
    const orphan = `${first.names.prefix}-0123456789`
    expect((await sh('ip', ['netns', 'add', orphan])).code).toBe(0)
    const squatter = spawn('ip', ['netns', 'exec', orphan, 'sleep', '600'], {
      detached: true,
      stdio: 'ignore',
    })
    squatter.unref()
    await eventually(async () =>
      (await sh('ip', ['netns', 'pids', orphan])).stdout.trim() ? true : undefined
    )

    const second = await startEngineServer('netns', {}, first.server.dataDir)
    servers.push(second)
    // The old sshd still answers on the old links until reconcile replaces it: wait for that.
    await eventually(async () => {
      const present = await namespacesOf(second.names)
      const done = present.includes(lost) && !present.includes(orphan)
      return done && !alive(squatter.pid!) && !alive(oldSshd[0]!) ? true : undefined
    }, 30_000)
    expect(await loginEventually(second, node.ip_address, password)).toBe(nodeHostname(node.id))
    expect((await second.client.get(`/nodes/${node.id}`)).body.status).toBe('running')
    await second.server.stop()
  })

  it('finishes a node that was provisioning when the server was killed, leaking nothing', async () => {
    // The boot delay keeps the node provisioning long enough to kill the server mid-way.
    const first = await startEngineServer('netns', { NODEPLANE_NETNS_BOOT_SECONDS: '5' })
    servers.push(first)
    const created = await first.client.post('/nodes')
    expect(created.status).toBe(201)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect((await first.client.get(`/nodes/${created.body.id}`)).body.status).toBe('provisioning')
    await first.server.kill()

    const second = await startEngineServer('netns', {}, first.server.dataDir)
    servers.push(second)
    const node = await eventually(async () => {
      const reply = await second.client.get(`/nodes/${created.body.id}`)
      return reply.body.status === 'running' ? reply.body : undefined
    }, 30_000)
    const password = (await second.client.get(`/api/v1/nodes/${node.id}/credentials`)).body.password
    expect(await loginEventually(second, node.ip_address, password)).toBe(nodeHostname(node.id))
    // One namespace for the node (plus the fabric and the internet), and one sshd inside it.
    const namespaces = await namespacesOf(second.names)
    expect(namespaces.filter((name) => name === second.ns(node.id))).toHaveLength(1)
    expect(namespaces).toHaveLength(3)
    const pids = (await sh('ip', ['netns', 'pids', second.ns(node.id)])).stdout
      .split('\n')
      .filter(Boolean)
    expect(pids).toHaveLength(1)
  })

  it('rebuilds every running node, its VPC and its addresses after a reboot', async () => {
    const first = await startEngineServer('netns')
    servers.push(first)
    const a = await runningNode(first.client)
    const b = await runningNode(first.client)
    const extra = await first.client.post(`/api/v1/nodes/${a.node.id}/network/ip`, { ip: 'auto' })
    await first.server.kill()
    // A reboot: every namespace and every process of the instance is gone; the data is not.
    await purge(first.names)
    expect(await namespacesOf(first.names)).toEqual([])

    const second = await startEngineServer('netns', {}, first.server.dataDir)
    servers.push(second)
    expect(await loginEventually(second, a.node.ip_address, a.password)).toBe(
      nodeHostname(a.node.id)
    )
    expect(await loginEventually(second, b.node.ip_address, b.password)).toBe(
      nodeHostname(b.node.id)
    )
    expect(await tcpOpen(second.names.internet, extra.body.ip.split('/')[0])).toBe(true)
    expect(await tcpOpen(second.ns(a.node.id), b.node.private_ip)).toBe(true)
  })
})
