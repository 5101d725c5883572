import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../helpers/http.js'
import { REPO } from '../helpers/server.js'
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

const CAP_SYS_RESOURCE = 24

/** Whether this process's effective capabilities include `bit`. */
function hasCapability(bit: number): boolean {
  const hex = /CapEff:\s+([0-9a-f]+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]!
  return (BigInt(`0x${hex}`) & (1n << BigInt(bit))) !== 0n
}

const unavailable = await engineUnavailable('podman')
if (unavailable) console.warn(`podman suite skipped: ${unavailable}`)

describe.skipIf(unavailable)('podman driver: a node is a machine of its own', () => {
  let ctx: EngineServer
  const login = (node: { ip_address: string }, password: string, command: string) =>
    ssh(ctx.names.internet, node.ip_address, password, command)

  beforeAll(async () => {
    // The default inventory: slices of this machine of 1 GiB each, small enough to outgrow.
    ctx = await startEngineServer('podman')
  })
  afterAll(async () => {
    await ctx?.server.stop()
    if (ctx) await purge(ctx.names)
  })

  it('shows a tenant only its own processes, files and ids, and no way into the machine', async () => {
    const { node, password } = await runningNode(ctx.client)
    const neighbour = await runningNode(ctx.client)
    const marker = `marker-${randomBytes(6).toString('hex')}`
    expect(
      (await login(neighbour.node, neighbour.password, `touch /root/${marker} /var/tmp/${marker}`))
        .code
    ).toBe(0)
    const serverPid = ctx.server.process.pid!
    const port = new URL(ctx.server.url).port
    const script = [
      'ps -e -o comm= | sort -u | tr "\\n" " "; echo',
      'head -n 1 /proc/self/uid_map',
      `test -e ${ctx.server.dataDir} && echo data-visible || echo data-absent`,
      `find / -xdev \\( -name nodeplane.db -o -name secret.key -o -name ${marker} \\) 2>/dev/null | wc -l`,
      `test -e /proc/${serverPid} && echo server-visible || echo server-absent`,
      `nsenter -t ${serverPid} -n true 2>/dev/null && echo nsenter-ok || echo nsenter-refused`,
      'mount -t proc proc /mnt 2>/dev/null && echo mount-ok || echo mount-refused',
      `timeout 3 bash -c 'exec 3<>/dev/tcp/127.0.0.1/${port}' 2>/dev/null && echo api-open || echo api-closed`,
    ].join('; ')
    const reply = await login(node, password, script)
    const [processes, uidMap, data, found, server, nsenter, mount, api] = reply.stdout
      .trim()
      .split('\n')
    // systemd as PID 1 with its journal, D-Bus and logind, sshd with its session, and the
    // commands of this very login.
    expect(processes!.trim().split(' ').sort()).toEqual([
      'bash',
      'dbus-daemon',
      'ps',
      'sort',
      'sshd',
      'systemd',
      'systemd-journal',
      'systemd-logind',
      'tr',
    ])
    const [inside, outside] = uidMap!.trim().split(/\s+/).map(Number)
    expect(inside).toBe(0)
    expect(outside).toBeGreaterThan(0)
    expect([data, found, server, nsenter, mount, api]).toEqual([
      'data-absent',
      '0',
      'server-absent',
      'nsenter-refused',
      'mount-refused',
      'api-closed',
    ])
  })

  it('boots systemd as PID 1, which brings the system up and runs services', async () => {
    const { node, password } = await runningNode(ctx.client)
    const boot = await login(
      node,
      password,
      'cat /proc/1/comm; systemctl is-system-running --wait; systemctl is-active ssh; systemd-run --wait --quiet /bin/true && echo unit-ran'
    )
    expect(boot.stderr).toBe('')
    const [pid1, state, ssh, unit] = boot.stdout.trim().split('\n')
    expect(pid1).toBe('systemd')
    expect(state).toMatch(/^(running|degraded)$/)
    expect([ssh, unit]).toEqual(['active', 'unit-ran'])
    expect((await ctx.client.delete(`/nodes/${node.id}`)).status).toBe(204)
  })

  it('kills a process that outgrows the node memory inside the node, and the node and its neighbours run on', async () => {
    const { node, password } = await runningNode(ctx.client)
    const neighbour = await runningNode(ctx.client)
    // 1.5 GiB through `tail`, which keeps a whole line in memory, on a 1 GiB node.
    const hog = await login(
      node,
      password,
      'head -c 1536M /dev/zero | tail > /dev/null; echo "exit=$?"'
    )
    expect(hog.stdout.trim()).toBe('exit=137')
    expect((await login(node, password, 'echo alive')).stdout).toBe('alive\n')
    expect((await login(neighbour.node, neighbour.password, 'echo alive')).stdout).toBe('alive\n')
    expect((await ctx.client.get(`/nodes/${node.id}`)).body.status).toBe('running')
    // conmon notes the kill in an `oom` file in its working directory: not the server's own.
    expect(existsSync(join(REPO, 'oom'))).toBe(false)
  })

  it("leaves the control plane last in the OOM killer's line, and sells no more memory than the machine has", async () => {
    await runningNode(ctx.client)
    const adj = (pid: number | string) => Number(readFileSync(`/proc/${pid}/oom_score_adj`, 'utf8'))
    // Lowering it takes CAP_SYS_RESOURCE, which root lacks in some containers (these test
    // machines among them): the server then says so at start instead.
    if (hasCapability(CAP_SYS_RESOURCE))
      expect(adj(ctx.server.process.pid!)).toBeLessThanOrEqual(-900)
    else
      expect(ctx.server.logs.map((line) => line.msg)).toContain(
        'could not shield the server from the OOM killer; a node using up memory may kill it'
      )
    const containers = await containersOf(ctx.names)
    const inspect = await sh('podman', [
      'inspect',
      '--format',
      '{{.HostConfig.Memory}} {{.State.Pid}}',
      ...containers,
    ])
    const nodes = inspect.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(' ').map(Number))
    expect(nodes.length).toBeGreaterThan(0)
    // A node's processes are the kernel's first choice, never shielded like the server.
    for (const [, pid] of nodes) expect(adj(pid!)).toBeGreaterThanOrEqual(0)
    // Every live node's limit, together, fits the machine less the inventory's 1 GiB reserve.
    const total =
      Number(/MemTotal:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'))![1]) * 1024
    const limits = nodes.reduce((sum, [limit]) => sum + limit!, 0)
    expect(nodes.every(([limit]) => limit! > 0)).toBe(true)
    expect(limits).toBeLessThanOrEqual(total - 1024 ** 3)
  })

  it('destroys everything the node wrote and ran when it is deleted', async () => {
    const { node, password } = await runningNode(ctx.client)
    const marker = `marker-${randomBytes(6).toString('hex')}`
    const seconds = 86_000 + Math.floor(Math.random() * 400)
    const setup = await login(
      node,
      password,
      `echo ${marker} > /var/tmp/${marker}; echo ${marker} > /etc/${marker}; (setsid sleep ${seconds} >/dev/null 2>&1 &); echo ok`
    )
    expect(setup.stdout).toBe('ok\n')
    const name = ctx.ns(node.id)
    const upper = (
      await sh('podman', ['inspect', '--format', '{{.GraphDriver.Data.UpperDir}}', name])
    ).stdout.trim()
    expect((await sh('cat', [join(upper, 'etc', marker)])).stdout).toBe(`${marker}\n`)
    expect((await sh('pgrep', ['-f', `sleep ${seconds}`])).stdout).not.toBe('')

    expect((await ctx.client.delete(`/nodes/${node.id}`)).status).toBe(204)
    // The engine removes the container, then the namespace, then the API forgets the node:
    // once the node is gone from the API, nothing of it may be left on the host.
    await eventually(
      async () => ((await ctx.client.get(`/nodes/${node.id}`)).status === 404 ? true : undefined),
      20_000
    )
    expect(await containersOf(ctx.names)).not.toContain(name)
    expect((await sh('pgrep', ['-f', `sleep ${seconds}`])).stdout).toBe('')
    expect((await sh('test', ['-e', upper])).code).not.toBe(0)
    const left = await sh('find', ['/var/lib/containers/storage', '-name', marker])
    expect(left.stdout).toBe('')
    expect(await namespacesOf(ctx.names)).not.toContain(name)
  })

  it('restarts a node whose container was killed from outside, with its disk, and logs it', async () => {
    const { node, password } = await runningNode(ctx.client)
    expect((await login(node, password, 'echo kept > /root/kept')).code).toBe(0)
    expect((await sh('podman', ['kill', ctx.ns(node.id)])).code).toBe(0)
    const restarted = () =>
      ctx.server.logs.some((line) => line.msg === 'node restarted' && line.node_id === node.id)
    await eventually(async () => (restarted() ? true : undefined), 60_000)
    expect(
      ctx.server.logs.some(
        (line) => line.msg === 'node died; restarting it' && line.node_id === node.id
      )
    ).toBe(true)
    expect((await login(node, password, 'cat /root/kept')).stdout).toBe('kept\n')
    // On record as the worker's doing, once.
    const events = (
      await ctx.client.get(`/api/v1/events?type=node.restarted&resource_id=${node.id}`)
    ).body.events
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      data: { status: 'running' },
      actor: { type: 'system', id: expect.stringMatching(/^wrk_/) },
    })
  })
})
