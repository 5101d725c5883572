import { existsSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../helpers/http.js'
import { runCli } from '../helpers/server.js'
import {
  containersOf,
  ENGINES,
  engineUnavailable,
  namespacesOf,
  purge,
  runningNode,
  sh,
  startEngineServer,
  type EngineServer,
} from './_engines.js'

/** Everything of one instance the machine still holds. */
async function leftovers(ctx: EngineServer) {
  return {
    namespaces: await namespacesOf(ctx.names),
    containers: ctx.engine === 'podman' ? await containersOf(ctx.names) : [],
    stateDir: existsSync(ctx.names.stateDir),
  }
}

const nothing = { namespaces: [], containers: [], stateDir: false }

for (const engine of ENGINES) {
  const unavailable = await engineUnavailable(engine)
  describe.skipIf(unavailable)(`${engine} driver: nothing left behind`, () => {
    let ctx: EngineServer | undefined
    afterEach(async () => {
      await ctx?.server.stop()
      if (ctx) await purge(ctx.names)
    })

    it('removes the fabric and its folders on an orderly stop once every node is deleted', async () => {
      ctx = await startEngineServer(engine)
      const { node } = await runningNode(ctx.client)
      expect((await ctx.client.delete(`/nodes/${node.id}`)).status).toBe(204)
      await eventually(
        async () =>
          (await ctx!.client.get(`/nodes/${node.id}`)).status === 404 ? true : undefined,
        90_000
      ).catch((err) => {
        // Say why, since the server is gone when the report is read.
        const errors = ctx!.server.logs.filter((line) => Number(line.level) >= 50)
        throw new Error(
          `node ${node.id} was not torn down: ${err}\n${JSON.stringify(errors, null, 1)}`
        )
      })
      expect(await namespacesOf(ctx.names)).toContain(ctx.names.fabric)

      await ctx.server.stop()
      expect(await leftovers(ctx)).toEqual(nothing)
      expect(
        ctx.server.logs.some((line) => line.msg === 'no node left: engine resources released')
      ).toBe(true)
    })

    it('keeps running nodes across a stop, and `nodeplane cleanup` removes them only when forced', async () => {
      ctx = await startEngineServer(engine)
      const { node } = await runningNode(ctx.client)
      await ctx.server.stop()
      // Nodes outlive the control plane, as a cloud's machines do.
      expect(await namespacesOf(ctx.names)).toEqual(
        expect.arrayContaining([ctx.names.fabric, ctx.ns(node.id)])
      )

      const refused = await runCli(['cleanup', '--data', ctx.server.dataDir])
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(`1 node(s) still exist (${node.id})`)
      expect(await namespacesOf(ctx.names)).toContain(ctx.ns(node.id))

      const forced = await runCli(['cleanup', '--force', '--data', ctx.server.dataDir])
      expect(forced.code).toBe(0)
      expect(forced.stderr).toContain(`namespace ${ctx.names.fabric}`)
      expect(await leftovers(ctx)).toEqual(nothing)
      // What the node ran is gone with it.
      expect((await sh('pgrep', ['-f', `NODEPLANE_NODE=${node.id}`])).stdout).toBe('')
    })
  })
}
