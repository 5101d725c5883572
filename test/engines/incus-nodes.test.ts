import { createServer } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { DEFAULT_RULES } from '../../server/compute-hosts/inventory-rules.js'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { runningNode, tcpOpen } from './_engines.js'
import {
  deleteAllNodes,
  describeIncus,
  incus,
  instances,
  INTERNET,
  loginTo,
  type IncusServer,
} from './_incus.js'

/** Each member sold as three small sizes: room for two tenants' nodes on every member. */
const SLICES = { sizes: [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: 3 }] }

describeIncus(
  'nodes on a cluster',
  (ctx) => {
    const login = loginTo

    // Each test starts with every host free: the members have room for a few nodes only.
    afterEach(() => deleteAllNodes(ctx.client), 150_000)

    it('sells the members as compute hosts and runs a node on each, booted by systemd', async () => {
      const hosts = (
        await ctx.client.get('/api/v1/compute?region=lab-1&min_storage_gb=1&limit=200')
      ).body.hosts
      const members = await incus<{ server_name: string }[]>('/1.0/cluster/members?recursion=1')
      expect(hosts).toHaveLength(members.length * 3)
      const byMember = new Map<string, string>()
      for (const member of members) {
        const host = hosts.find((h: { hostname: string }) =>
          h.hostname.startsWith(`${member.server_name}-`)
        )
        byMember.set(member.server_name, host.id)
      }
      for (const [member, hostId] of byMember) {
        const { node, password } = await runningNode(ctx.client, { host_id: hostId })
        const where = (await instances()).find((i) => i.name.endsWith(node.id.slice(5)))
        expect(where?.location).toBe(member)
        const boot = await login(
          node,
          password,
          'cat /proc/1/comm; systemctl is-system-running --wait'
        )
        expect(boot.stderr).toBe('')
        expect(boot.stdout.split('\n')[0]).toBe('systemd')
        expect(boot.stdout.split('\n')[1]).toMatch(/^(running|degraded)$/)
        const host = (
          await ctx.client.get(`/api/v1/compute?region=lab-1&min_storage_gb=1&limit=200`)
        ).body.hosts.find((h: { id: string }) => h.id === hostId)
        expect(host.status).toBe('reserved')
      }
    })

    it('stops a write past the root disk size inside the node', async () => {
      const { node, password } = await runningNode(ctx.client)
      const write = await login(
        node,
        password,
        'dd if=/dev/zero of=/big bs=1M count=1400 2>&1; sync; echo end'
      )
      expect(write.stdout).toMatch(/No space left|Disk quota exceeded/)
      const size = await login(node, password, 'rm -f /big; echo ok')
      expect(size.stdout).toBe('ok\n')
    })

    it('joins a VPC across members and keeps another tenant with the same range out', async () => {
      const members = await incus<{ server_name: string }[]>('/1.0/cluster/members?recursion=1')
      const hosts = (
        await ctx.client.get(
          '/api/v1/compute?region=lab-1&min_storage_gb=1&status=active&limit=200'
        )
      ).body.hosts
      const on = (member: string) =>
        hosts
          .filter((h: { hostname: string }) => h.hostname.startsWith(`${member}-`))
          .map((h: { id: string }) => h.id)
      const [first, second] = [on(members[0]!.server_name), on(members[1]!.server_name)]
      const a = await runningNode(ctx.client, { host_id: first[0] })
      const b = await runningNode(ctx.client, { host_id: second[0] })
      const peer = await login(
        a.node,
        a.password,
        `ping -c 2 -W 2 ${b.node.private_ip} >/dev/null && echo reached`
      )
      expect(peer.stdout).toBe('reached\n')

      const strangerEmail = `stranger-${Date.now()}@example.com`
      await createTestUser(ctx.server.dataDir, strangerEmail)
      const stranger = api(
        ctx.server.url,
        (await createTestKey(ctx.server.dataDir, 'read_write', strangerEmail)).key
      )
      // Three nodes: the third's address is one the first tenant's VPC does not have.
      const theirs: Awaited<ReturnType<typeof runningNode>>[] = []
      try {
        for (const hostId of [first[1], second[1], first[2] ?? second[2]])
          theirs.push(await runningNode(stranger, { host_id: hostId }))
        // Both tenants' default VPCs have the same range: only the fabric keeps them apart.
        const ours = (await ctx.client.get(`/api/v1/networking/${a.node.vpc_id}`)).body
        const theirVpc = (await stranger.get(`/api/v1/networking/${theirs[0]!.node.vpc_id}`)).body
        expect(theirVpc.cidr).toBe(ours.cidr)
        const onlyTheirs = theirs
          .map((t) => t.node.private_ip)
          .find((ip) => ![a.node.private_ip, b.node.private_ip].includes(ip))
        const probe = await login(
          a.node,
          a.password,
          `ping -c 2 -W 2 ${onlyTheirs} >/dev/null && echo reached || echo unreachable`
        )
        expect(probe.stdout).toBe('unreachable\n')
        const back = await login(
          theirs[0]!.node,
          theirs[0]!.password,
          `ping -c 2 -W 2 ${theirs[1]!.node.private_ip} >/dev/null && echo reached`
        )
        expect(back.stdout).toBe('reached\n')
      } finally {
        // The stranger's nodes go even when an assertion failed: the next test needs the hosts.
        await deleteAllNodes(stranger)
      }
    }, 300_000)

    it('gives every node a range of host ids of its own', async () => {
      // Two nodes on one member: a member hands out the ranges of its own nodes.
      const [here] = await hostsByMember(ctx)
      const maps: number[][] = []
      for (const hostId of here!.slice(0, 2)) {
        const { node, password } = await runningNode(ctx.client, { host_id: hostId })
        const reply = await login(node, password, 'cat /proc/self/uid_map /proc/self/gid_map')
        maps.push(reply.stdout.trim().split(/\s+/).map(Number))
      }
      expect(maps).toHaveLength(2)
      for (const [inside, outside, count, gInside, gOutside, gCount] of maps) {
        // Root inside is an unprivileged id outside, the same range for users and groups.
        expect([inside, gInside]).toEqual([0, 0])
        expect(outside).toBeGreaterThan(0)
        expect(count).toBeGreaterThanOrEqual(65_536)
        expect([gOutside, gCount]).toEqual([outside, count])
      }
      const [[, first = 0, size = 0] = [], [, second = 0] = []] = maps
      expect(Math.abs(first - second)).toBeGreaterThanOrEqual(size)
    })

    it('keeps a node off the members and the server, and its own traffic flowing', async () => {
      const members = await incus<{ url: string }[]>('/1.0/cluster/members?recursion=1')
      const apis = members.map((member) => new URL(member.url))
      // A service on the server's link into the underlay, as a server listening there would be.
      const service = createServer((socket) => socket.destroy())
      await new Promise<void>((resolve) => service.listen(0, '10.236.0.2', resolve))
      const port = (service.address() as { port: number }).port
      const targets = [...apis.map((url) => `${url.hostname}/${url.port}`), `10.236.0.2/${port}`]
      try {
        // From the underlay all answer: what refuses a node is its member's guard.
        for (const target of targets) {
          const [ip, at] = target.split('/')
          expect(await tcpOpen(INTERNET, ip!, Number(at)), target).toBe(true)
        }
        const [mine, theirs] = await hostsByMember(ctx)
        const a = await runningNode(ctx.client, { host_id: mine![0] })
        const b = await runningNode(ctx.client, { host_id: theirs![0] })
        const probe = targets
          .map((t) => `timeout 3 bash -c 'exec 3<>/dev/tcp/${t}' 2>/dev/null && echo ${t} open`)
          .join('; ')
        const reached = await login(a.node, a.password, `${probe}; echo done`)
        expect(reached.stdout).toBe('done\n')
        // Retried for a while, as loginTo is: b's address may have been another member's a
        // moment ago, until the upstream router asks again who has it.
        const normal = await login(
          a.node,
          a.password,
          `ping -c 2 -W 2 ${b.node.private_ip} >/dev/null && echo vpc; for i in $(seq 20); do ` +
            `timeout 2 bash -c 'exec 3<>/dev/tcp/${b.node.ip_address}/22' && echo public && ` +
            'break; sleep 1; done'
        )
        expect(normal.stdout).toBe('vpc\npublic\n')
      } finally {
        service.close()
      }
    })

    it('kills memory exhaustion inside the node only', async () => {
      const { node, password } = await runningNode(ctx.client)
      const hog = await login(
        node,
        password,
        `perl -e '$x = "a" x (3 * 1024**3); print "survived\\n"'; echo "exit $?"`
      )
      expect(hog.stdout).not.toContain('survived')
      expect(hog.stdout).toMatch(/exit (137|9)|Out of memory/)
      expect((await ctx.client.get(`/nodes/${node.id}`)).body.status).toBe('running')
      expect((await login(node, password, 'echo alive')).stdout).toBe('alive\n')
    })

    it('routes an attached IPv6 address to the node from the internet until it is detached', async () => {
      const { node, password } = await runningNode(ctx.client)
      const attached = await ctx.client.post(`/api/v1/nodes/${node.id}/network/ip`, {
        ip: 'auto-ipv6',
      })
      expect(attached.status, attached.text).toBe(200)
      const address = attached.body.ip.split('/')[0]
      const inside = await loginTo({ ip_address: address }, password, 'ip -6 -o addr show dev eth1')
      expect(inside.stdout).toContain(`${address}/128`)

      const detached = await ctx.client.delete(`/api/v1/nodes/${node.id}/network/ip?ip=${address}`)
      expect(detached.status).toBe(200)
      await eventually(async () => ((await tcpOpen(INTERNET, address)) ? undefined : true), 20_000)
      // Its IPv4 address is untouched.
      expect((await loginTo(node, password, 'true')).code).toBe(0)
    })

    it('leaves nothing on any member after delete', async () => {
      const { node } = await runningNode(ctx.client)
      expect((await ctx.client.delete(`/nodes/${node.id}`)).status).toBe(204)
      await eventually(
        async () => ((await ctx.client.get(`/nodes/${node.id}`)).status === 404 ? true : undefined),
        60_000
      )
      expect((await instances()).map((i) => i.name)).not.toContainEqual(
        expect.stringContaining(node.id.slice(5))
      )
    })

    it('removes every instance and VPC network once all nodes are deleted', async () => {
      await deleteAllNodes(ctx.client)
      expect(await instances()).toEqual([])
      const networks = await incus<{ name: string }[]>('/1.0/networks?recursion=1')
      expect(networks.filter((n) => n.name.startsWith('npv'))).toEqual([])
    })
  },
  { inventory: SLICES, publicPool: '203.0.113.0/27', publicPool6: '2001:db8:1::/48' }
)

const GIB = 1024 ** 3

// After the suite above, whose server is stopped and nodes deleted by then: the same range.
describeIncus(
  'a member sold whole',
  (ctx) => {
    afterEach(() => deleteAllNodes(ctx.client), 150_000)

    it('leaves the reserve of its pool free when its node fills its root disk', async () => {
      const reserve = DEFAULT_RULES.reserve_storage_gb
      const host = (await ctx.client.get('/api/v1/compute?region=lab-1&status=active&limit=200'))
        .body.hosts[0]
      const pool = () =>
        incus<{ space: { total: number; used: number } }>(
          `/1.0/storage-pools/default/resources?target=${host.hostname}`
        )
      expect(host.storage_gb).toBe(Math.floor((await pool()).space.total / GIB) - reserve)
      const { node, password } = await runningNode(ctx.client, { host_id: host.id })
      // As a tenant would, until the disk says no; fallocate takes the space without writing it.
      const fill = await loginTo(
        node,
        password,
        'i=0; while fallocate -l 256M /fill.$i 2>/tmp/why; do i=$((i+1)); done; ' +
          "cat /tmp/why; du -sm --apparent-size /fill.* | awk '{ s += $1 } END { print s }'"
      )
      const [why, filledMb] = fill.stdout.trim().split('\n')
      // The node's own quota stops it, not the pool running out, and it had most of its disk.
      expect(why).toContain('Disk quota exceeded')
      expect(Number(filledMb)).toBeGreaterThan((host.storage_gb - 1) * 1024)
      const { space } = await pool()
      expect(space.total - space.used).toBeGreaterThan((reserve / 2) * GIB)
    })
  },
  { publicPool: '203.0.113.0/27' }
)

/** The active hosts of each member, by member, in the cluster's order of members. */
async function hostsByMember(ctx: IncusServer): Promise<string[][]> {
  const members = await incus<{ server_name: string }[]>('/1.0/cluster/members?recursion=1')
  const hosts = (
    await ctx.client.get('/api/v1/compute?region=lab-1&min_storage_gb=1&status=active&limit=200')
  ).body.hosts as { id: string; hostname: string }[]
  return members.map((member) =>
    hosts.filter((h) => h.hostname.startsWith(`${member.server_name}-`)).map((h) => h.id)
  )
}
