import { afterAll, expect, it } from 'vitest'
import { instanceName } from '../../server/provisioning/incus/instance.js'
import { runningNode, tcpOpen } from './_engines.js'
import { deleteAllNodes, describeIncus, incus, INTERNET, loginTo } from './_incus.js'

const SLICES = { sizes: [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: 3 }] }
const PID1_START = "cut -d' ' -f22 /proc/1/stat"

describeIncus(
  'power actions',
  (ctx) => {
    afterAll(() => deleteAllNodes(ctx.client), 150_000)
    // The first case's node, rebuilt by the second (which makes one when run alone).
    let rebuildable: Awaited<ReturnType<typeof runningNode>> | undefined

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
      rebuildable = n
    })

    it('rebuilds a node: a new disk with the new password, its firewall and user data run, same id and address', async () => {
      const n = rebuildable ?? (await runningNode(ctx.client))
      const hostname = (await loginTo(n.node, n.password, 'hostname')).stdout.trim()
      const firewall = await ctx.client.post('/api/v1/firewalls', {
        name: `kept-${n.node.id}`,
        rules: [{ direction: 'in', protocol: 'tcp', port: '22', source_ips: ['0.0.0.0/0'] }],
        apply_to: [{ type: 'node', node_id: n.node.id }],
      })
      expect(firewall.status, firewall.text).toBe(201)
      // As a node made before isolated id maps: on the member's shared range once restarted.
      await incus(`/1.0/instances/${instanceName(n.node.id)}`, 0, 'PATCH', {
        config: { 'security.idmap.isolated': 'false' },
      })
      await act(n.node.id, 'reboot', 'power_on')
      const shared = await loginTo(n.node, n.password, "awk '{ print $3 }' /proc/self/uid_map")
      expect(Number(shared.stdout)).toBeGreaterThan(65_536)
      const accepted = await ctx.client.post(`/api/v1/nodes/${n.node.id}/actions/rebuild`, {
        user_data: '#!/bin/sh\necho rebuilt > /root/from-user-data\n',
      })
      expect(accepted.status).toBe(202)
      const on = await ctx.client.get(`/nodes/${n.node.id}?wait_for=power_on&timeout=60`)
      expect(on.body).toMatchObject({ power_state: 'on', ip_address: n.node.ip_address })
      const ran = await ctx.client.get(`/nodes/${n.node.id}?wait_for=user_data&timeout=60`)
      expect(ran.body.user_data_status).toBe('succeeded')
      const password = accepted.body.root_password as string
      const inside = await loginTo(
        n.node,
        password,
        'cat /root/from-user-data; ls /root/kept 2>&1; hostname; nft list chain inet nodeplane public | grep -c "dport 22 accept"; awk \'{ print $3 }\' /proc/self/uid_map'
      )
      expect(inside.stdout.split('\n').slice(0, 5)).toEqual([
        'rebuilt',
        "ls: cannot access '/root/kept': No such file or directory",
        hostname,
        '1',
        // Its own range now, no longer the member's shared one.
        '65536',
      ])
      expect((await loginTo(n.node, n.password, 'true')).code).not.toBe(0)
    })
  },
  { inventory: SLICES, publicPool: '203.0.113.224/28' }
)
