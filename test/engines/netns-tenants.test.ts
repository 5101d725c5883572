import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import {
  engineUnavailable,
  purge,
  runningNode,
  startEngineServer,
  type EngineServer,
} from './_engines.js'

const unavailable = await engineUnavailable('netns')
if (unavailable) console.warn(`netns suite skipped: ${unavailable}`)

describe.skipIf(unavailable)(
  'netns driver: single-tenant unless the operator allows tenants',
  () => {
    let ctx: EngineServer
    beforeAll(async () => {
      ctx = await startEngineServer('netns', { NODEPLANE_NETNS_ALLOW_TENANTS: 'false' })
    })
    afterAll(async () => {
      await ctx?.server.stop()
      if (ctx) await purge(ctx.names)
    })

    it('says so at start, builds nodes for the admin, and refuses any other account with a 403', async () => {
      const notice = ctx.server.logs.find(
        (line) => line.driver === 'netns' && line.all_accounts === false
      )
      expect(notice?.msg).toMatch(/only the admin account may create nodes/)
      expect((await runningNode(ctx.client)).node.status).toBe('running')

      await createTestUser(ctx.server.dataDir, 'stranger@example.com')
      const stranger = api(
        ctx.server.url,
        (await createTestKey(ctx.server.dataDir, 'read_write', 'stranger@example.com')).key
      )
      const refused = await stranger.post('/nodes', {})
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('driver_single_tenant')
      expect((await stranger.get('/nodes')).body).toEqual([])
    })
  }
)
