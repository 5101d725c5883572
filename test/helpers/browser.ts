import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core'
import { afterEach } from 'vitest'
import { REPO, startServer, type TestServer } from './server.js'
import { createTestKey, setTestPassword } from './accounts.js'
import { api } from './http.js'

/** Debian's Chromium (test/setup/install-chromium.sh); NODEPLANE_CHROMIUM points elsewhere. */
export const CHROMIUM = process.env.NODEPLANE_CHROMIUM ?? '/usr/bin/chromium'
export const SCREENSHOTS = join(REPO, 'test-output/screenshots')
export const ADMIN_EMAIL = 'admin@nodeplane.local'

/** Laptop and phone viewports, the two widths the dashboard is checked at. */
export const LAPTOP = { width: 1280, height: 860 }
export const PHONE = { width: 390, height: 844 }

// This machine's network is closed: without the background-networking flags Chromium's own
// update and sync connections are refused and slow every launch. Playwright adds --headless
// and a fresh --user-data-dir itself (it refuses one passed in args).
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** A headless Chromium driven by playwright-core. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS })
}

/** A fresh context (own cookies) with the clipboard readable, and one page in it. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport = LAPTOP
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return { context, page }
}

/** The admin's one-time password from the server's first-start banner. */
export function adminPassword(server: TestServer): string {
  const match = /one-time password:\s+(\S+)/.exec(server.stderr())
  if (!match) throw new Error(`no admin password in the server's stderr:\n${server.stderr()}`)
  return match[1]!
}

/** Logs in through the login form and waits for the page it leads to. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/ui/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await submitWith(page, page.getByRole('button', { name: 'Log in' }))
  if (new URL(page.url()).pathname === '/ui/login') throw new Error('login failed')
}

/** Saves a full-page screenshot as test-output/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const path = join(SCREENSHOTS, `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/** Accepts the next confirm dialog and returns its message. */
export function acceptNextDialog(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message())
      void dialog.accept()
    })
  })
}

/** A server, a browser and a logged-out page: what each dashboard test file starts with. */
export interface Dashboard {
  server: TestServer
  browser: Browser
  context: BrowserContext
  page: Page
  /** The admin's password: the one-time one when asked for, else ADMIN_TEST_PASSWORD. */
  password: string
  close(): Promise<void>
}

/** What the admin's one-time password is replaced with, unless a test keeps it. */
export const ADMIN_TEST_PASSWORD = 'admin test passphrase'

/**
 * Starts a server and a browser. The admin's one-time password is replaced first (as
 * `nodeplane users reset-password --password` does), so that pages open without the first
 * login's password change; `oneTimePassword` keeps it for the tests of that change.
 */
export async function startDashboard(
  env: Record<string, string> = {},
  options: { oneTimePassword?: boolean } = {}
): Promise<Dashboard> {
  const server = await startServer({ env })
  if (!options.oneTimePassword)
    await setTestPassword(server.dataDir, ADMIN_EMAIL, ADMIN_TEST_PASSWORD)
  const browser = await launchBrowser()
  const { context, page } = await openPage(browser, server.url)
  return {
    server,
    browser,
    context,
    page,
    password: options.oneTimePassword ? adminPassword(server) : ADMIN_TEST_PASSWORD,
    async close() {
      await browser.close()
      await server.stop()
    },
  }
}

/** Saves a screenshot of the final page of every test in the file, named after the test. */
export function screenshotEachTest(prefix: string, page: () => Page | undefined): void {
  afterEach(async ({ task }) => {
    const current = page()
    if (!current || current.isClosed()) return
    const slug = task.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60)
    await screenshot(current, `${prefix}--${slug}`)
  })
}

/**
 * Clicks something that submits a form and waits for the page it leads to. Waiting on the URL
 * is not enough: a form often leads back to the same URL, where the old page still matches.
 */
export async function submitWith(page: Page, control: Locator): Promise<void> {
  const navigated = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame())
  await control.click()
  await navigated
  await page.waitForLoadState()
}

/** A dashboard logged in as the admin, with an API client holding a key of the same account. */
export type AdminDashboard = Dashboard & { client: ReturnType<typeof api> }

export async function adminDashboard(env: Record<string, string> = {}): Promise<AdminDashboard> {
  const d = await startDashboard(env)
  await login(d.page, ADMIN_EMAIL, d.password)
  return Object.assign(d, {
    client: api(d.server.url, (await createTestKey(d.server.dataDir)).key),
  })
}

/** The summary of the row actions menu of the row named `label` (components/row-menu.tsx). */
export function rowMenu(page: Page, label: string): Locator {
  const exact = new RegExp(`^Actions for ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
  return page.locator('details[data-row-menu] > summary', { hasText: exact })
}
