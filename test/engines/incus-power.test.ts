import { afterAll, expect, it } from 'vitest'
import { runningNode, tcpOpen } from './_engines.js'
import { deleteAllNodes, describeIncus, incus, INTERNET, loginTo } from './_incus.js'

const SLICES = { sizes: [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: 3 }] }
const PID1_START = "cut -d' ' -f22 /proc/1/stat"

describeIncus(
  'power actions',
  (ctx) => {
    afterAll(() => deleteAllNodes(ctx.client), 150_000)

    const act = async (id: string, action: string, until: 'power_on' | 'power_off') => {
      expect((await ctx.client.post(`/api/v1/nodes/${id}/actions/${action}`)).status).toBe(202)
      const done = await ctx.client.get(`/nodes/${id}?wait_for=${until}&timeout=60`)
      expect(done.body.power_state).toBe(until === 'power_on' ? 'on' : 'off')
    }

    it('reboots with the disk kept, powers off past the health check, and powers on again', async () => {
      const n = await runningNode(ctx.client)
      const before = await loginTo(n.node, n.password, `echo kept > /root/kept && ${PID1_START}`)
      expect(before.code).toBe(0)
      await act(n.node.id, 'reboot', 'power_on')
      const after = await loginTo(n.node, n.password, `cat /root/kept && ${PID1_START}`)
      expect(after.stdout.split('\n')[0]).toBe('kept')
      expect(Number(after.stdout.split('\n')[1])).not.toBe(Number(before.stdout.trim()))

      await act(n.node.id, 'poweroff', 'power_off')
      await new Promise((resolve) => setTimeout(resolve, 4000))
      const name = `np-${n.node.id.replace('_', '-')}`
      const state = await incus<{ status: string }>(`/1.0/instances/${name}/state`)
      expect(state.status).toBe('Stopped')
      expect(await tcpOpen(INTERNET, n.node.ip_address)).toBe(false)

      await act(n.node.id, 'poweron', 'power_on')
      expect((await loginTo(n.node, n.password, 'cat /root/kept')).stdout).toBe('kept\n')

      // The guest's own poweroff: recorded off, and the health check (every second) leaves it.
      await loginTo(n.node, n.password, 'systemctl poweroff')
      const off = await ctx.client.get(`/nodes/${n.node.id}?wait_for=power_off&timeout=60`)
      expect(off.body.power_state).toBe('off')
      await new Promise((resolve) => setTimeout(resolve, 4000))
      expect((await incus<{ status: string }>(`/1.0/instances/${name}/state`)).status).toBe(
        'Stopped'
      )
      expect((await ctx.client.get(`/nodes/${n.node.id}`)).body.power_state).toBe('off')
      await act(n.node.id, 'poweron', 'power_on')
      expect((await loginTo(n.node, n.password, 'cat /root/kept')).stdout).toBe('kept\n')
    })
  },
  { inventory: SLICES, publicPool: '203.0.113.224/28' }
)
