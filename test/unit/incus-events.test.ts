import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer, type WebSocket } from 'ws'
import {
  changeOf,
  followIncusEvents,
  type EventStream,
} from '../../server/provisioning/incus/events.js'
import { createIncusClient } from '../../server/provisioning/incus/incus-client.js'
import { eventually } from '../helpers/http.js'
import { tempDir } from '../helpers/temp-dirs.js'

const NODE_INSTANCE = '/1.0/instances/np-node-abcdefghijklmnopqrst'

/** A member's events endpoint on a unix socket: what it was asked, and its open sockets. */
interface FakeMember {
  endpoint: string
  asked: string[]
  sockets: Set<WebSocket>
  close(): Promise<void>
}

async function fakeMember(socketPath: string): Promise<FakeMember> {
  const server: Server = createServer()
  const wss = new WebSocketServer({ server })
  const asked: string[] = []
  const sockets = new Set<WebSocket>()
  wss.on('connection', (ws, req) => {
    asked.push(req.url ?? '')
    sockets.add(ws)
    ws.on('close', () => sockets.delete(ws))
  })
  await new Promise<void>((resolve) => server.listen(socketPath, resolve))
  return {
    endpoint: `unix://${socketPath}`,
    asked,
    sockets,
    async close() {
      for (const ws of sockets) ws.terminate()
      wss.close()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

const lifecycle = (action: string, source: string, project = 'np') => ({
  type: 'lifecycle',
  project,
  location: 'member-1',
  metadata: { action, source },
})

describe('Incus events', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  function follow(endpoints: string[], project = 'np') {
    const seen: { actions: string[]; resumed: number } = { actions: [], resumed: 0 }
    const stream: EventStream = followIncusEvents(createIncusClient(endpoints, project), {
      project,
      log: pino({ level: 'silent' }),
      onEvent: (event) => seen.actions.push(event.metadata.action),
      onResume: () => seen.resumed++,
    })
    cleanups.push(() => stream.stop())
    return { seen, stream }
  }

  it('passes over a member that does not answer and streams its project lifecycle events', async () => {
    const dir = tempDir('nodeplane-incus-events-')
    const member = await fakeMember(join(dir, 'member-2.socket'))
    cleanups.push(() => member.close())
    const { seen } = follow([`unix://${join(dir, 'absent.socket')}`, member.endpoint])
    await eventually(async () => (member.sockets.size === 1 ? true : undefined))
    expect(member.asked).toEqual(['/1.0/events?type=lifecycle&project=np'])
    for (const ws of member.sockets) {
      ws.send(JSON.stringify(lifecycle('instance-stopped', NODE_INSTANCE)))
      ws.send('not json')
    }
    await eventually(async () => (seen.actions.length === 1 ? true : undefined))
    expect(seen.actions).toEqual(['instance-stopped'])
    expect(seen.resumed).toBe(0)
  })

  it('follows the next member when the one followed drops, and says events may be missed', async () => {
    const dir = tempDir('nodeplane-incus-events-')
    const first = await fakeMember(join(dir, 'member-1.socket'))
    const second = await fakeMember(join(dir, 'member-2.socket'))
    cleanups.push(
      () => first.close(),
      () => second.close()
    )
    const { seen } = follow([first.endpoint, second.endpoint])
    await eventually(async () => (first.sockets.size === 1 ? true : undefined))
    await first.close()
    await eventually(async () => (second.sockets.size === 1 ? true : undefined))
    expect(seen.resumed).toBe(1)
  })

  it('closes its socket on stop and connects no more', async () => {
    const dir = tempDir('nodeplane-incus-events-')
    const member = await fakeMember(join(dir, 'member-1.socket'))
    cleanups.push(() => member.close())
    const { stream } = follow([member.endpoint])
    await eventually(async () => (member.sockets.size === 1 ? true : undefined))
    await stream.stop()
    await eventually(async () => (member.sockets.size === 0 ? true : undefined))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(member.asked).toHaveLength(1)
  })

  it("acts on its own project's node instances going down and on every member change", () => {
    expect(changeOf(lifecycle('instance-stopped', NODE_INSTANCE) as never, 'np')).toBe('nodes')
    expect(changeOf(lifecycle('instance-shutdown', NODE_INSTANCE) as never, 'np')).toBe('nodes')
    expect(changeOf(lifecycle('instance-deleted', NODE_INSTANCE) as never, 'np')).toBe('nodes')
    expect(changeOf(lifecycle('instance-started', NODE_INSTANCE) as never, 'np')).toBeUndefined()
    expect(changeOf(lifecycle('instance-stopped', NODE_INSTANCE, 'other') as never, 'np')).toBe(
      undefined
    )
    expect(
      changeOf(lifecycle('instance-stopped', '/1.0/instances/someone-else') as never, 'np')
    ).toBeUndefined()
    const member = lifecycle('cluster-member-updated', '/1.0/cluster/members/m3', 'default')
    expect(changeOf(member as never, 'np')).toBe('machines')
  })
})
