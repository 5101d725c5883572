import { afterAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { eventually } from '../helpers/http.js'
import { runCli } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'
import {
  containersOf,
  engineUnavailable,
  namespacesOf,
  purge,
  runningNode,
  sh,
  ssh,
  startEngineServer,
  type EngineServer,
} from './_engines.js'

const unavailable = await engineUnavailable('podman')
if (unavailable) console.warn(`podman suite skipped: ${unavailable}`)

/** Root logs in on `ip`, retried while the restarted server is still bringing nodes back. */
function loginEventually(ctx: EngineServer, ip: string, password: string, command = 'hostname') {
  return eventually(async () => {
    const result = await ssh(ctx.names.internet, ip, password, command)
    return result.code === 0 ? result.stdout.trim() : undefined
  }, 60_000)
}

describe.skipIf(unavailable)('podman driver: crashes, restarts and reboots', () => {
  const servers: EngineServer[] = []
  afterAll(async () => {
    for (const ctx of servers) await ctx.server.stop()
    for (const ctx of servers) await purge(ctx.names)
  })

  it('finishes nodes that were provisioning when the server was killed, one container each', async () => {
    const first = await startEngineServer('podman')
    servers.push(first)
    const created = await Promise.all([1, 2, 3].map(() => first.client.post('/nodes', {})))
    expect(created.map((reply) => reply.status)).toEqual([201, 201, 201])
    await first.server.kill()

    const second = await startEngineServer('podman', {}, first.server.dataDir)
    servers.push(second)
    for (const reply of created) {
      const { node, password } = await runningNode(second.client, undefined, reply.body.id)
      expect(await loginEventually(second, node.ip_address, password, 'id -un')).toBe('root')
    }
    const containers = await containersOf(second.names)
    expect(containers.sort()).toEqual(created.map((reply) => second.ns(reply.body.id)).sort())
  })

  it('brings every running node back with its disk and addresses after a reboot, and removes strangers', async () => {
    const first = await startEngineServer('podman')
    servers.push(first)
    const a = await runningNode(first.client)
    const b = await runningNode(first.client)
    const extra = await first.client.post(`/api/v1/nodes/${a.node.id}/network/ip`, { ip: 'auto' })
    expect(extra.status).toBe(200)
    expect(
      await loginEventually(
        first,
        a.node.ip_address,
        a.password,
        'echo kept > /root/kept && echo ok'
      )
    ).toBe('ok')
    await first.server.kill()
    // A reboot: every container stops and every namespace name is gone; the disks are not.
    expect(
      (await sh('podman', ['stop', '--time', '0', ...(await containersOf(first.names))])).code
    ).toBe(0)
    for (const namespace of await namespacesOf(first.names))
      await sh('ip', ['netns', 'delete', namespace])
    // A container of this instance that no node owns, as a crash between two steps leaves.
    const stranger = `${first.names.prefix}-0123456789`
    const image = (
      await sh('podman', ['inspect', '--format', '{{.ImageName}}', first.ns(a.node.id)])
    ).stdout.trim()
    const label = `io.nodeplane.instance=${first.names.prefix}`
    const made = await sh('podman', [
      'create',
      '--name',
      stranger,
      '--label',
      label,
      '--userns=auto:size=65536',
      image,
    ])
    expect(made.code).toBe(0)

    const second = await startEngineServer('podman', {}, first.server.dataDir)
    servers.push(second)
    expect(await loginEventually(second, a.node.ip_address, a.password, 'cat /root/kept')).toBe(
      'kept'
    )
    expect(await loginEventually(second, b.node.ip_address, b.password, 'id -un')).toBe('root')
    expect(await loginEventually(second, extra.body.ip.split('/')[0], a.password, 'id -un')).toBe(
      'root'
    )
    expect(await containersOf(second.names)).not.toContain(stranger)
    expect((await second.client.get(`/nodes/${a.node.id}`)).body.status).toBe('running')
  })
  it('keeps the machine of a node newer than a restored backup, until cleanup --unowned removes it', async () => {
    const first = await startEngineServer('podman')
    servers.push(first)
    const dataDir = first.server.dataDir
    const cli = (...args: string[]) =>
      runCli([...args, '--data', dataDir], { NODEPLANE_DRIVER: 'podman' })
    const kept = await runningNode(first.client)
    const file = join(tempDir('nodeplane-backup-'), 'copy')
    expect((await cli('backup', '--out', file)).code).toBe(0)
    const newer = await runningNode(first.client)
    await first.server.stop()
    expect((await cli('restore', file)).code).toBe(0)

    const second = await startEngineServer('podman', {}, dataDir)
    servers.push(second)
    expect(await loginEventually(second, kept.node.ip_address, kept.password, 'id -un')).toBe(
      'root'
    )
    // The database does not know the newer node; its container is listed, not removed.
    expect((await second.client.get(`/nodes/${newer.node.id}`)).status).toBe(404)
    expect(await containersOf(second.names)).toContain(second.ns(newer.node.id))
    const listed = second.server.logs.filter((line) => line.msg === 'kept a container no node owns')
    expect(listed.map((line) => line.container)).toEqual([second.ns(newer.node.id)])

    const cleaned = await cli('cleanup', '--unowned')
    expect(cleaned.stderr).toContain(`container ${second.ns(newer.node.id)}`)
    expect(await containersOf(second.names)).not.toContain(second.ns(newer.node.id))
    expect(await loginEventually(second, kept.node.ip_address, kept.password, 'id -un')).toBe(
      'root'
    )
    // The restore is forgotten: the next start removes strangers again.
    expect((await cli('cleanup', '--unowned')).stderr).toContain('Nothing to remove.')
  })
})
