/**
 * The console's limits, the cases every engine with consoles runs after _console.ts's: sessions
 * per node and per account, a session's maximum length, input held back while the shell does
 * not read it, sessions ended with the key or the login that opened them, and the address
 * that connected in the session's events.
 * @module
 */
import { expect, it } from 'vitest'
import { ADMIN_EMAIL } from '../../server/accounts/accounts.service.js'
import {
  createTestKey,
  createTestUser,
  revokeTestKey,
  setTestPassword,
} from '../helpers/accounts.js'
import { connectConsole, type ConsoleClient } from '../helpers/console.js'
import { dashboardLogin, type DashboardLogin } from '../helpers/dashboard-login.js'
import { api, eventually } from '../helpers/http.js'
import type { TestServer } from '../helpers/server.js'
import { runningNode } from './_engines.js'

type Client = ReturnType<typeof api>
type Ctx = { client: Client; server: TestServer }

/** The limits the console suites' servers run with: small, so the cases reach them. */
export const CONSOLE_LIMITS = { perNode: 2, perAccount: 3, maxSeconds: 20 }
export const CONSOLE_LIMITS_ENV = {
  NODEPLANE_CONSOLE_SESSIONS_PER_NODE: String(CONSOLE_LIMITS.perNode),
  NODEPLANE_CONSOLE_SESSIONS_PER_ACCOUNT: String(CONSOLE_LIMITS.perAccount),
  NODEPLANE_CONSOLE_MAX_SECONDS: String(CONSOLE_LIMITS.maxSeconds),
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
type Closed = { code: number; reason: string }

/** How the socket closed, or a timeout's `{ code: 0 }` when it stayed open `ms`. */
const closedWithin = (shell: ConsoleClient, ms: number): Promise<Closed> =>
  Promise.race([shell.closed, sleep(ms).then(() => ({ code: 0, reason: 'still open' }))])

async function ask(client: Client, nodeId: string): Promise<{ url: string; password: string }> {
  const reply = await client.post(`/api/v1/nodes/${nodeId}/console`)
  expect(reply.status, reply.text).toBe(201)
  return reply.body
}

/** A shell that has answered: its session is counted in. */
async function ready(shell: ConsoleClient): Promise<ConsoleClient> {
  shell.type('echo ready-$((20+22))\r')
  await shell.waitFor(/ready-42/)
  return shell
}

const openShell = async (client: Client, nodeId: string) => {
  const { url, password } = await ask(client, nodeId)
  return ready(await connectConsole(url, password))
}

async function closeAll(...shells: ConsoleClient[]): Promise<void> {
  for (const shell of shells) shell.close()
  await Promise.all(shells.map((shell) => shell.closed))
}

/** The newest `node.console_closed` event of the node, once it is recorded. */
const lastClosed = (client: Client, nodeId: string) =>
  eventually(async () => {
    const page = await client.get(
      `/api/v1/events?resource_id=${nodeId}&type=node.console_opened,node.console_closed&limit=2`
    )
    const [closed, opened] = page.body.events as { type: string; actor: any; data: any }[]
    return closed?.type === 'node.console_closed' ? { closed, opened: opened! } : undefined
  })

/** A console the dashboard's Console tab asks for with its login. */
async function dashboardShell(login: DashboardLogin, nodeId: string): Promise<ConsoleClient> {
  const reply = await login.post(`/ui/api/nodes/${nodeId}/console`)
  expect(reply.status).toBe(201)
  const { url, password } = (await reply.json()) as { url: string; password: string }
  return ready(await connectConsole(url, password))
}

/** Declares the cases on the node `nodeId()` of `ctx.client`'s account, running already. */
export function consoleLimitCases(ctx: Ctx, nodeId: () => string) {
  it('counts sessions per node and per account: 409 console_session_limit, then 4029 at the socket', async () => {
    const email = 'console-tenant@example.com'
    await createTestUser(ctx.server.dataDir, email)
    const tenant = api(
      ctx.server.url,
      (await createTestKey(ctx.server.dataDir, 'read_write', email)).key
    )
    const [a, b] = [(await runningNode(tenant)).node.id, (await runningNode(tenant)).node.id]
    const a1 = await openShell(tenant, a)
    const a2 = await openShell(tenant, a)
    const nodeFull = await tenant.post(`/api/v1/nodes/${a}/console`)
    expect(nodeFull.status).toBe(409)
    expect(nodeFull.body.code).toBe('console_session_limit')
    expect(nodeFull.body.detail).toContain(`node ${a} has 2 console sessions open`)
    const b1 = await openShell(tenant, b)
    const accountFull = await tenant.post(`/api/v1/nodes/${b}/console`)
    expect(accountFull.status).toBe(409)
    expect(accountFull.body.detail).toContain('the account has 3 console sessions open')
    await closeAll(a1)
    // Two URLs for the one place left: the first to connect takes it, the second is refused.
    const first = await eventually(async () => {
      const reply = await tenant.post(`/api/v1/nodes/${a}/console`)
      return reply.status === 201 ? (reply.body as { url: string; password: string }) : undefined
    })
    const second = await ask(tenant, b)
    const a3 = await ready(await connectConsole(first.url, first.password))
    const refused = await connectConsole(second.url, second.password)
    expect(await closedWithin(refused, 10_000)).toEqual({
      code: 4029,
      reason: 'console session limit reached',
    })
    await closeAll(a2, a3, b1)
  })

  it('records the address that connected, beside the one that asked for the URL', async () => {
    const { url, password } = await ask(ctx.client, nodeId())
    const shell = await ready(await connectConsole(url, password, { localAddress: '127.0.0.2' }))
    await closeAll(shell)
    const { closed, opened } = await lastClosed(ctx.client, nodeId())
    for (const event of [opened, closed]) {
      expect(event.actor.source_address).toBe('127.0.0.2')
      expect(event.data.requested_from).toBe('127.0.0.1')
    }
    expect(closed.data.reason).toBe('client_closed')
  })

  it('closes with 4013 a client that sends more than 64 KiB before the shell is up', async () => {
    const { url, password } = await ask(ctx.client, nodeId())
    const shell = await connectConsole(url, password)
    shell.type('x'.repeat(48 * 1024))
    shell.type('x'.repeat(48 * 1024))
    expect(await closedWithin(shell, 15_000)).toEqual({
      code: 4013,
      reason: 'too much input before the shell opened',
    })
  })

  it('stops reading a client that types faster than the shell reads; its end leaves nothing', async () => {
    const key = await createTestKey(ctx.server.dataDir)
    const shell = await openShell(api(ctx.server.url, key.key), nodeId())
    // A program that reads nothing, on a non-canonical terminal (a canonical one drops what
    // overflows a line instead of holding it back).
    shell.type('stty -icanon -echo; sleep 60\r')
    await sleep(500)
    // 64 MiB while nothing reads the terminal: what the server does not take stays with us.
    const chunk = 'y'.repeat(64 * 1024)
    for (let i = 0; i < 1024; i++) shell.type(chunk)
    await sleep(2500)
    expect(shell.bufferedAmount()).toBeGreaterThan(32 * 1024 * 1024)
    // Ended by the server while input waits unread in the terminal: nothing stays behind.
    await revokeTestKey(ctx.server.dataDir, key.id)
    expect((await closedWithin(shell, 20_000)).code).toBe(4003)
    const after = await openShell(ctx.client, nodeId())
    let round = 0
    await eventually(async () => {
      round += 1
      after.type(`echo zombies${round}-$(ps -e -o stat= | grep -c ^Z)\r`)
      const [, count] = await after.waitFor(new RegExp(`zombies${round}-(\\d+)`))
      return count === '0' ? true : (await sleep(500), undefined)
    }, 15_000)
    await closeAll(after)
  })

  it('ends a session with 4003 once the key that opened it is revoked', async () => {
    const key = await createTestKey(ctx.server.dataDir)
    const shell = await openShell(api(ctx.server.url, key.key), nodeId())
    await revokeTestKey(ctx.server.dataDir, key.id)
    const closed = await closedWithin(shell, 15_000)
    expect(closed.code).toBe(4003)
    expect(closed.reason).toMatch(/^access ended/)
    expect((await lastClosed(ctx.client, nodeId())).closed.data.reason).toBe('access_ended')
  })

  it('ends a dashboard session with 4003 at its logout, and at its password change', async () => {
    const [before, after] = ['console limits passphrase 1', 'console limits passphrase 2']
    await setTestPassword(ctx.server.dataDir, ADMIN_EMAIL, before)
    const first = await dashboardLogin(ctx.server.url, ADMIN_EMAIL, before)
    const shell = await dashboardShell(first, nodeId())
    expect((await first.post('/ui/logout')).status).toBe(303)
    expect((await closedWithin(shell, 15_000)).code).toBe(4003)
    // The login that changes the password stays, but its console ends with the old password.
    const second = await dashboardLogin(ctx.server.url, ADMIN_EMAIL, before)
    const again = await dashboardShell(second, nodeId())
    const change = { current_password: before, new_password: after, confirm_password: after }
    expect((await second.post('/ui/account/password', change)).status).toBe(303)
    expect((await closedWithin(again, 15_000)).code).toBe(4003)
  })

  it(
    'ends a session with 4008 at NODEPLANE_CONSOLE_MAX_SECONDS, however busy',
    async () => {
      const started = Date.now()
      const shell = await openShell(ctx.client, nodeId())
      shell.type('while :; do echo busy; sleep 1; done\r')
      const closed = await closedWithin(shell, (CONSOLE_LIMITS.maxSeconds + 10) * 1000)
      expect(closed).toEqual({ code: 4008, reason: 'the session reached its maximum length' })
      expect(Date.now() - started).toBeGreaterThanOrEqual(CONSOLE_LIMITS.maxSeconds * 1000)
      const { closed: event } = await lastClosed(ctx.client, nodeId())
      expect(event.data).toMatchObject({ reason: 'max_length' })
    },
    (CONSOLE_LIMITS.maxSeconds + 30) * 1000
  )
}
