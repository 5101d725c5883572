import { expect, it } from 'vitest'
import { describeEngines, runningNode, sh, ssh, tcpOpen, type EngineServer } from './_engines.js'

type Running = Awaited<ReturnType<typeof runningNode>>

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The start time of the node's PID 1, in clock ticks since the machine booted (a container shares its boot). */
const PID1_START = "cut -d' ' -f22 /proc/1/stat"

function login(ctx: EngineServer, { node, password }: Running, command: string) {
  return ssh(ctx.names.internet, node.ip_address, password, command)
}

/** Asks for `action` and waits for its end through `wait_for`, as a client does. */
async function act(ctx: EngineServer, id: string, action: string, until: 'power_on' | 'power_off') {
  const accepted = await ctx.client.post(`/api/v1/nodes/${id}/actions/${action}`)
  expect(accepted.status).toBe(202)
  const done = await ctx.client.get(`/nodes/${id}?wait_for=${until}&timeout=60`)
  expect(done.body.power_state).toBe(until === 'power_on' ? 'on' : 'off')
  return accepted.body
}

async function events(ctx: EngineServer, id: string, type: string) {
  const page = await ctx.client.get(`/api/v1/events?order=oldest&resource_id=${id}&type=${type}`)
  return page.body.events as { data: Record<string, unknown> }[]
}

/** The node stays off and unreachable past several health checks (NODEPLANE_HEALTH_SECONDS=1). */
async function staysOff(ctx: EngineServer, { node }: Running) {
  await sleep(4000)
  expect((await ctx.client.get(`/nodes/${node.id}`)).body).toMatchObject({
    status: 'running',
    power_state: 'off',
    ip_address: node.ip_address,
  })
  expect(await tcpOpen(ctx.names.internet, node.ip_address)).toBe(false)
  expect(await events(ctx, node.id, 'node.restarted')).toEqual([])
  const state = await sh('podman', ['inspect', '--format', '{{.State.Status}}', ctx.ns(node.id)])
  expect(state.stdout.trim()).toBe('exited')
}

await describeEngines(
  'power actions',
  (ctx) => {
    let n: Running

    it('reboots a node: PID 1 starts again and the disk is kept', async () => {
      n = await runningNode(ctx.client)
      const before = await login(ctx, n, `echo kept > /root/kept && ${PID1_START}`)
      expect(before.code).toBe(0)
      const accepted = await act(ctx, n.node.id, 'reboot', 'power_on')
      expect(accepted.power_state).toBe('rebooting')
      const after = await login(ctx, n, `cat /root/kept && ${PID1_START}`)
      expect(after.stdout.split('\n')[0]).toBe('kept')
      expect(Number(after.stdout.split('\n')[1])).toBeGreaterThan(Number(before.stdout.trim()))
      expect(await events(ctx, n.node.id, 'node.rebooted')).toHaveLength(1)
    })

    it('powers a node off: no SSH, off, and not revived by the health check; poweron brings it back with its disk', async () => {
      await act(ctx, n.node.id, 'poweroff', 'power_off')
      await staysOff(ctx, n)
      await act(ctx, n.node.id, 'poweron', 'power_on')
      expect((await login(ctx, n, 'cat /root/kept')).stdout).toBe('kept\n')
    })

    it('shuts a node down cleanly through its init, and stays off', async () => {
      await act(ctx, n.node.id, 'shutdown', 'power_off')
      // Ended by the kernel's SIGINT as systemd halts the node: not killed.
      const exit = await sh('podman', [
        'inspect',
        '--format',
        '{{.State.ExitCode}}',
        ctx.ns(n.node.id),
      ])
      expect(exit.stdout.trim()).toBe('130')
      await staysOff(ctx, n)
      await act(ctx, n.node.id, 'poweron', 'power_on')
      expect((await login(ctx, n, 'cat /root/kept')).stdout).toBe('kept\n')
    })

    it("records a guest's own poweroff as off, and never revives it", async () => {
      const asked = await login(ctx, n, '(sleep 1; poweroff) >/dev/null 2>&1 &')
      expect(asked.code).toBe(0)
      const off = await ctx.client.get(`/nodes/${n.node.id}?wait_for=power_off&timeout=60`)
      expect(off.body.power_state).toBe('off')
      await staysOff(ctx, n)
      const recorded = await events(ctx, n.node.id, 'node.powered_off')
      expect(recorded.at(-1)!.data).toMatchObject({ power_state: 'off', by: 'guest' })
      await act(ctx, n.node.id, 'poweron', 'power_on')
      expect((await login(ctx, n, 'cat /root/kept')).stdout).toBe('kept\n')
    })

    it('resets a node hard, and it comes back with its disk', async () => {
      const before = await login(ctx, n, PID1_START)
      await act(ctx, n.node.id, 'reset', 'power_on')
      const after = await login(ctx, n, `cat /root/kept && ${PID1_START}`)
      expect(after.stdout.split('\n')[0]).toBe('kept')
      expect(Number(after.stdout.split('\n')[1])).toBeGreaterThan(Number(before.stdout.trim()))
    })

    it('rebuilds a node: a new disk with the new password and user data run, same id and address', async () => {
      const userData = '#!/bin/sh\necho rebuilt > /root/from-user-data\n'
      const hostname = (await login(ctx, n, 'hostname')).stdout.trim()
      const accepted = await ctx.client.post(`/api/v1/nodes/${n.node.id}/actions/rebuild`, {
        user_data: userData,
      })
      expect(accepted.status).toBe(202)
      expect(accepted.body).toMatchObject({ id: n.node.id, power_state: 'rebuilding' })
      const on = await ctx.client.get(`/nodes/${n.node.id}?wait_for=power_on&timeout=60`)
      expect(on.body).toMatchObject({ power_state: 'on', ip_address: n.node.ip_address })
      const ran = await ctx.client.get(`/nodes/${n.node.id}?wait_for=user_data&timeout=60`)
      expect(ran.body.user_data_status).toBe('succeeded')
      n = { ...n, password: accepted.body.root_password }
      const inside = await login(ctx, n, 'cat /root/from-user-data; ls /root/kept 2>&1; hostname')
      expect(inside.stdout.split('\n').slice(0, 3)).toEqual([
        'rebuilt',
        "ls: cannot access '/root/kept': No such file or directory",
        hostname,
      ])
      expect(await events(ctx, n.node.id, 'node.rebuilt')).toHaveLength(1)
    })
  },
  { engines: ['podman'] }
)

await describeEngines(
  'power actions',
  (ctx) => {
    it('refuses every action with 409 action_unsupported and leaves the node as it is', async () => {
      const n = await runningNode(ctx.client)
      for (const action of ['reboot', 'poweroff', 'rebuild']) {
        const refused = await ctx.client.post(`/api/v1/nodes/${n.node.id}/actions/${action}`)
        expect(refused.status).toBe(409)
        expect(refused.body.code).toBe('action_unsupported')
      }
      expect((await login(ctx, n, 'id -un')).stdout).toBe('root\n')
    })
  },
  { engines: ['netns'] }
)
