import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../helpers/http.js'
import { runningNode, ssh } from './_engines.js'
import { ensureDockerImage } from './_incus-docker.js'
import {
  incusUnavailable,
  instances,
  INTERNET,
  startIncusServer,
  type IncusServer,
} from './_incus.js'

/** One member sold as one small size is enough for one node. */
const ONE_SIZE = { sizes: [{ cpu_cores: 1, memory_gb: 1, storage_gb: 2, count: 1 }] }

// A tenant runs containers inside a node, as on a VM: Docker from Debian (a test image with
// it on top of nodeplane's own, which stays lean) in the unprivileged container with nesting.
if (incusUnavailable) console.warn(`incus suite skipped: ${incusUnavailable}`)
describe.skipIf(incusUnavailable)('incus driver: docker inside a node', () => {
  const ctx = {} as IncusServer
  beforeAll(async () => {
    // The first run builds the image by debootstrap (minutes; cached) and imports it.
    const image = await ensureDockerImage()
    // A range of the cluster's public /24 no other suite uses (incus-power has .224/28), so a
    // suite run beside this one never hands out the same address.
    const env = { NODEPLANE_INCUS_IMAGE: image, NODEPLANE_IPV4_POOLS: '203.0.113.192/27' }
    Object.assign(ctx, await startIncusServer(ONE_SIZE, env))
  }, 900_000)
  afterAll(async () => {
    await ctx.server?.stop()
  })

  it('runs a container that prints, and the node goes away on delete', async () => {
    const { node, password } = await runningNode(ctx.client)
    const login = (command: string) => ssh(INTERNET, node.ip_address, password, command)

    const active = await eventually(async () => {
      const state = await login('systemctl is-active docker')
      return state.stdout.trim() === 'active' ? state : undefined
    }, 90_000)
    expect(active.code).toBe(0)

    // A minimal image made inside the node, from the static busybox: no registry needed.
    const imported = await login(
      'set -e; r=$(mktemp -d); mkdir -p $r/bin; cp /bin/busybox $r/bin/; ln -s busybox $r/bin/sh; ' +
        'tar -C $r -c . | docker import - bb >/dev/null; rm -rf $r; echo imported'
    )
    expect(imported.stderr).toBe('')
    expect(imported.stdout).toBe('imported\n')
    const hello = await login("docker run --rm bb /bin/sh -c 'echo hello-from-docker'")
    expect(hello.stderr).toBe('')
    expect(hello.stdout).toBe('hello-from-docker\n')

    expect((await ctx.client.delete(`/nodes/${node.id}`)).status).toBe(204)
    await eventually(
      async () => ((await ctx.client.get(`/nodes/${node.id}`)).status === 404 ? true : undefined),
      120_000
    )
    expect((await instances()).map((i) => i.name)).not.toContainEqual(
      expect.stringContaining(node.id.slice(5))
    )
  }, 300_000)
})
