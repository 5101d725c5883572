import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { netnsNames } from '../../server/provisioning/network/names.js'
import { engineUnavailable, purge, runningNode, ssh } from '../engines/_engines.js'
import { adminDashboard, screenshotEachTest, type AdminDashboard } from '../helpers/browser.js'
import { cellOf, lightPixels, terminalOverflow } from '../helpers/terminal-glyphs.js'

// A real shell needs a real engine: the console runs on podman.
const unavailable = await engineUnavailable('podman')
if (unavailable) console.warn(`Node Details console on podman skipped: ${unavailable}`)

let d: AdminDashboard
let node: { id: string; ip_address: string }
let password: string
/** What the browser refused under the dashboard's Content-Security-Policy. */
const refusals: string[] = []

/** What the terminal shows now, row by row (xterm.js draws its rows as DOM text). */
const screen = () => d.page.locator('#terminal .xterm-rows').innerText()

async function screenShows(pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const text = await screen()
    const match = text.match(pattern)
    if (match) return match[0]
    if (Date.now() > deadline) throw new Error(`no ${pattern} on the terminal:\n${text}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const connected = () =>
  d.page.locator('#console-state[data-state="connected"]').waitFor({ timeout: 30_000 })

async function type(command: string) {
  await d.page.locator('#terminal').click()
  await d.page.keyboard.type(command)
  await d.page.keyboard.press('Enter')
}

describe.skipIf(unavailable)('Node Details: the Console tab (podman)', () => {
  beforeAll(async () => {
    d = await adminDashboard({ NODEPLANE_DRIVER: 'podman', NODEPLANE_HEALTH_SECONDS: '1' })
    d.page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refusals.push(message.text())
    })
    const running = await runningNode(d.client, { name: 'console' })
    node = running.node
    password = running.password
  }, 120_000)
  afterAll(async () => {
    const dataDir = d?.server.dataDir
    await d?.close()
    if (dataDir) await purge(netnsNames(dataDir))
  })
  screenshotEachTest('node-console', () => d?.page)

  it('opens a root shell from the Console tab: what is typed runs and shows', async () => {
    await d.page.goto(`/ui/nodes/${node.id}`)
    await d.page.getByRole('link', { name: 'Console', exact: true }).click()
    await connected()
    await type('echo console-$RANDOM-$(id -un)')
    expect(await screenShows(/console-\d+-\w+/)).toMatch(/^console-\d+-root$/)
    // xterm.js runs under the page's policy: its own styles, no inline script, no other origin.
    expect(refusals).toEqual([])
    expect(await d.page.locator('#terminal .xterm-cursor').count()).toBeGreaterThan(0)
  })

  it('paints the underscores the shell prints, and fits its box with no strip below', async () => {
    await type('clear; echo a_b; uname -m')
    await screenShows(/^x86_64$/m)
    // Light pixels in the cell: drawn, not only in the DOM (it once read "x86 64").
    expect(await lightPixels(d.page, await cellOf(d.page, 'a_b', 1))).toBeGreaterThan(3)
    expect(await lightPixels(d.page, await cellOf(d.page, 'x86_64', 3))).toBeGreaterThan(3)
    const overflow = await terminalOverflow(d.page)
    expect(overflow.bottom).toBeLessThanOrEqual(0)
    expect(overflow.right).toBeLessThanOrEqual(0)
  })

  it('fits the terminal to the window, and the shell follows a resize', async () => {
    await type('echo size-$(stty size | tr " " x)')
    const before = await screenShows(/size-\d+x\d+/)
    await d.page.setViewportSize({ width: 700, height: 500 })
    await new Promise((resolve) => setTimeout(resolve, 500))
    await type('clear; echo resized-$(stty size | tr " " x)')
    const after = await screenShows(/resized-\d+x\d+/)
    expect(after.replace('resized-', '')).not.toBe(before.replace('size-', ''))
    const cols = Number(after.split('x')[1])
    expect(cols).toBeGreaterThan(20)
    expect(cols).toBeLessThan(Number(before.split('x')[1]))
  })

  it('takes a paste, bracketed as a terminal does: it runs on Enter', async () => {
    await d.page.locator('#terminal').click()
    await d.page.evaluate(() => {
      const data = new DataTransfer()
      data.setData('text/plain', 'echo pasted-$((6*7))')
      const target = document.querySelector('#terminal textarea')!
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }))
    })
    await d.page.keyboard.press('Enter')
    await screenShows(/pasted-42/)
  })

  it('keeps working with sshd stopped in the node', async () => {
    await type('systemctl stop ssh; echo ssh-$(systemctl is-active ssh)')
    await screenShows(/ssh-inactive/)
    const login = await ssh(
      netnsNames(d.server.dataDir).internet,
      node.ip_address,
      password,
      'true'
    )
    expect(login.code).not.toBe(0)
    await type('echo still-$((40+2))')
    await screenShows(/still-42/)
  })

  it('comes back by itself after the node reboots, with a new URL', async () => {
    const accepted = await d.client.post(`/api/v1/nodes/${node.id}/actions/reboot`)
    expect(accepted.status).toBe(202)
    await d.page.locator('#console-state:not([data-state="connected"])').waitFor()
    await connected()
    await type('echo rebooted-$(cat /proc/1/comm)')
    await screenShows(/rebooted-systemd/)
  })

  it("records each session in the node's events, by the dashboard user", async () => {
    const page = await d.client.get(
      `/api/v1/events?order=oldest&resource_id=${node.id}&type=node.console_opened,node.console_closed`
    )
    const events = page.body.events as { type: string; actor: { type: string } }[]
    // The first session ended with the reboot; the second is open.
    expect(events.map((e) => e.type)).toEqual([
      'node.console_opened',
      'node.console_closed',
      'node.console_opened',
    ])
    expect(events.every((e) => e.actor.type === 'user')).toBe(true)
  })

  it('ends the session at logout, and the tab stops saying why instead of reconnecting', async () => {
    // Logged out from another tab of the browser: the open console is the login's too.
    const status = await d.page.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content
      const form = new URLSearchParams({ _csrf: token })
      return (await fetch('/ui/logout', { method: 'POST', body: form, redirect: 'manual' })).type
    })
    expect(status).toBe('opaqueredirect')
    const state = d.page.locator('#console-state[data-state="stopped"]')
    await state.waitFor({ timeout: 15_000 })
    expect(await state.textContent()).toContain('Your access ended')
    const asked: string[] = []
    d.page.on('request', (request) => void asked.push(request.url()))
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(asked.filter((url) => url.endsWith('/console'))).toEqual([])
  })
})

describe('Node Details: the Console tab on a driver without consoles (simulated)', () => {
  let s: AdminDashboard
  beforeAll(async () => {
    s = await adminDashboard()
  })
  afterAll(() => s?.close())

  it('says so plainly, with no terminal and no request for a URL', async () => {
    const id = (await s.client.post('/nodes', { name: 'no-console' })).body.id as string
    const asked: string[] = []
    s.page.on('request', (request) => {
      if (request.url().endsWith('/console')) asked.push(request.method())
    })
    await s.page.goto(`/ui/nodes/${id}/console`)
    await expect(s.page.getByRole('alert').textContent()).resolves.toContain('opens no consoles')
    await expect(s.page.locator('#terminal').count()).resolves.toBe(0)
    expect(asked).toEqual(['GET'])
  })
})
