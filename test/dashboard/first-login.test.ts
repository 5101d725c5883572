import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOneTimeUser, createTestKey } from '../helpers/accounts.js'
import {
  ADMIN_EMAIL,
  login,
  screenshotEachTest,
  startDashboard,
  submitWith,
  type Dashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'

let d: Dashboard
const CHOSEN = 'my own long passphrase'

beforeAll(async () => {
  d = await startDashboard({}, { oneTimePassword: true })
})
afterAll(() => d?.close())
screenshotEachTest('first-login', () => d?.page)

const path = () => new URL(d.page.url()).pathname

async function choosePassword(password: string, again = password): Promise<void> {
  await d.page.getByLabel('New password', { exact: true }).fill(password)
  await d.page.getByLabel('Confirm new password').fill(again)
  await submitWith(d.page, d.page.getByRole('button', { name: 'Save password and continue' }))
}

describe('First login with the one-time password', () => {
  it('sends every dashboard page to the password change, with no way around it', async () => {
    await login(d.page, ADMIN_EMAIL, d.password)
    expect(path()).toBe('/ui/account/new-password')
    await expect(d.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Choose your password'
    )
    await expect(d.page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0)
    for (const page of ['/ui/nodes', '/ui/settings/keys', '/ui/account', '/ui/billing']) {
      await d.page.goto(page)
      expect(path()).toBe('/ui/account/new-password')
      expect(new URL(d.page.url()).searchParams.get('next')).toBe(page)
    }
    const json = await d.page.request.get('/ui/api/nodes')
    expect(json.status()).toBe(403)
  })

  it("leaves the account's API keys working meanwhile", async () => {
    const client = api(d.server.url, (await createTestKey(d.server.dataDir)).key)
    expect((await client.get('/nodes')).status).toBe(200)
    expect(
      (await client.post('/api/v1/networking', { name: 'before-change', region: 'eu-central-1' }))
        .status
    ).toBe(201)
  })

  it('refuses a short password, a mismatch and the one-time password itself, naming the field', async () => {
    await d.page.goto('/ui/account/new-password')
    // The browser's own minlength check would stop a short password before the server sees it.
    await d.page.locator('#new-password').evaluate((input) => input.removeAttribute('minlength'))
    await choosePassword('short')
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'New password: must be at least 12 characters'
    )
    await choosePassword(CHOSEN, `${CHOSEN}!`)
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'Confirm new password: does not match the new password'
    )
    await choosePassword(d.password)
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'New password: must differ from the one-time password'
    )
    expect(path()).toBe('/ui/account/new-password')
  })

  it('saves the new password and goes on to the page first asked for', async () => {
    await d.page.goto('/ui/billing')
    await choosePassword(CHOSEN)
    expect(path()).toBe('/ui/billing')
    await expect(d.page.getByRole('status').first().textContent()).resolves.toContain(
      'Your password was saved'
    )
    await d.page.goto('/ui/nodes')
    expect(path()).toBe('/ui/nodes')
    // The page is for one-time passwords only: now it leads on instead of skipping the current password.
    await d.page.goto('/ui/account/new-password')
    expect(path()).toBe('/ui/nodes')
  })

  it('no longer accepts the one-time password; the new one logs in straight to the nodes', async () => {
    await submitWith(d.page, d.page.getByRole('button', { name: 'Log out' }))
    await expect(login(d.page, ADMIN_EMAIL, d.password)).rejects.toThrow('login failed')
    await login(d.page, ADMIN_EMAIL, CHOSEN)
    expect(path()).toBe('/ui/nodes')
  })

  it('asks the same of a user created with a generated password', async () => {
    const password = await createOneTimeUser(d.server.dataDir, 'new-user@example.com')
    const context = await d.browser.newContext({ baseURL: d.server.url })
    const page = await context.newPage()
    try {
      await login(page, 'new-user@example.com', password)
      expect(new URL(page.url()).pathname).toBe('/ui/account/new-password')
    } finally {
      await context.close()
    }
  })
})
