/**
 * The console cases every engine with consoles runs (console.test.ts on podman,
 * incus-console.test.ts on incus): a root shell that runs what is typed, resizes, events,
 * one-time URLs, sshd stopped, and a reboot.
 * @module
 */
import { expect, it } from 'vitest'
import { connectConsole } from '../helpers/console.js'
import type { api } from '../helpers/http.js'
import type { TestServer } from '../helpers/server.js'
import { consoleLimitCases } from './_console-limits.js'
import { runningNode, type Outcome } from './_engines.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Client = ReturnType<typeof api>

/** Runs a command on the node as root over SSH, from outside. */
export type Login = (
  node: { ip_address: string },
  password: string,
  command: string
) => Promise<Outcome>

async function requestConsole(ctx: { client: Client }, nodeId: string) {
  const reply = await ctx.client.post(`/api/v1/nodes/${nodeId}/console`)
  expect(reply.status).toBe(201)
  expect(reply.body.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\//)
  return reply.body as { url: string; password: string }
}

async function openConsole(ctx: { client: Client }, nodeId: string) {
  const { url, password } = await requestConsole(ctx, nodeId)
  return connectConsole(url, password)
}

/**
 * Declares the cases, then _console-limits.ts's (the server runs with its CONSOLE_LIMITS_ENV).
 * A URL's expiry is the server's, not the engine's: test/server/node-console.test.ts covers
 * it without waiting out a minute.
 */
export function consoleCases(ctx: { client: Client; server: TestServer }, login: Login) {
  let nodeId: string
  let ip: string
  let password: string

  it('opens a root shell in the node: what is typed runs, and its output comes back', async () => {
    const n = await runningNode(ctx.client)
    ;({ id: nodeId, ip_address: ip } = n.node)
    password = n.password
    const shell = await openConsole(ctx, nodeId)
    shell.type('echo console-$RANDOM-$(id -u)\r')
    const [line] = await shell.waitFor(/console-\d+-\d+/)
    expect(line).toMatch(/^console-\d+-0$/)
    shell.close()
  })

  it('resizes the terminal: stty size inside says the size sent', async () => {
    const shell = await openConsole(ctx, nodeId)
    shell.resize(123, 45)
    await sleep(500)
    shell.type('echo size-$(stty size | tr " " x)\r')
    expect((await shell.waitFor(/size-\d+x\d+/))[0]).toBe('size-45x123')
    shell.close()
  })

  it('records each session as events: who opened it, and how long it lasted', async () => {
    const shell = await openConsole(ctx, nodeId)
    await sleep(1500)
    shell.type('exit\r')
    // The shell's end ends the socket.
    expect((await shell.closed).code).toBe(1000)
    const page = await ctx.client.get(
      `/api/v1/events?order=oldest&resource_id=${nodeId}&type=node.console_opened,node.console_closed`
    )
    const events = page.body.events as { type: string; actor: { type: string }; data: any }[]
    expect(events.length).toBeGreaterThanOrEqual(6)
    const last = events.at(-1)!
    expect(last).toMatchObject({ type: 'node.console_closed', actor: { type: 'api_key' } })
    expect(last.data.duration_seconds).toBeGreaterThanOrEqual(1)
    expect(events.at(-2)!.type).toBe('node.console_opened')
  })

  it('uses a URL once: a second connection with it is refused', async () => {
    const { url, password: secret } = await requestConsole(ctx, nodeId)
    const first = await connectConsole(url, secret)
    await expect(connectConsole(url, secret)).rejects.toThrow(/403/)
    first.close()
  })

  it('refuses a wrong password, and the URL is used up by the attempt', async () => {
    const { url, password: secret } = await requestConsole(ctx, nodeId)
    const wrong = await connectConsole(url, `${secret}x`)
    expect(await wrong.closed).toEqual({ code: 4001, reason: 'wrong password' })
    await expect(connectConsole(url, secret)).rejects.toThrow(/403/)
  })

  it('works with sshd stopped in the node: the console goes through the engine', async () => {
    const shell = await openConsole(ctx, nodeId)
    shell.type('systemctl stop ssh; echo stopped-$?\r')
    await shell.waitFor(/stopped-0/)
    shell.close()
    expect((await login({ ip_address: ip }, password, 'true')).code).not.toBe(0)
    const again = await openConsole(ctx, nodeId)
    again.type('echo ssh-$(systemctl is-active ssh) still-$((6*7))\r')
    expect((await again.waitFor(/ssh-\w+ still-42/))[0]).toBe('ssh-inactive still-42')
    again.type('systemctl start ssh; echo back-$?\r')
    await again.waitFor(/back-0/)
    again.close()
  })

  it('ends the session when the node reboots; a new URL opens a shell after it', async () => {
    const shell = await openConsole(ctx, nodeId)
    // The session is open once the shell answers; a reboot before that refuses it instead (4009).
    shell.type('echo up-$((2+3))\r')
    await shell.waitFor(/up-5/)
    const accepted = await ctx.client.post(`/api/v1/nodes/${nodeId}/actions/reboot`)
    expect(accepted.status).toBe(202)
    expect((await shell.closed).code).toBe(1000)
    await ctx.client.get(`/nodes/${nodeId}?wait_for=power_on&timeout=60`)
    const after = await openConsole(ctx, nodeId)
    after.type('echo rebooted-$((1+1))\r')
    await after.waitFor(/rebooted-2/)
    after.close()
  })

  consoleLimitCases(ctx, () => nodeId)
}
