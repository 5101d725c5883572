import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  acceptNextDialog,
  ADMIN_EMAIL,
  login,
  screenshotEachTest,
  rowMenu,
  startDashboard,
  submitWith,
  type Dashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'

let d: Dashboard

beforeAll(async () => {
  d = await startDashboard()
  await login(d.page, ADMIN_EMAIL, d.password)
})
afterAll(() => d?.close())
screenshotEachTest('api-keys', () => d?.page)

/** Creates a key through the form and returns the secret the page shows once. */
async function createKey(name: string, scope: 'read' | 'read_write'): Promise<string> {
  await d.page.goto('/ui/settings/keys')
  await d.page.getByLabel('Name').fill(name)
  await d.page.getByRole('radio', { name: new RegExp(`^${scope}:`) }).check()
  await submitWith(d.page, d.page.getByRole('button', { name: 'Create key' }))
  return (await d.page.locator('#new-key').textContent())!.trim()
}

function row(name: string) {
  return d.page.locator('tr', { has: d.page.getByRole('cell', { name, exact: true }) })
}

describe('Developer settings page', () => {
  let writeKey: string
  let readKey: string

  it('creates a key, shows it once with a warning, and copies it', async () => {
    writeKey = await createKey('CI deploys', 'read_write')
    expect(writeKey).toMatch(/^np_[A-Za-z0-9_-]{43}$/)
    await expect(d.page.getByText('It is shown only once').isVisible()).resolves.toBe(true)
    await d.page.getByRole('button', { name: 'Copy key' }).click()
    await d.page.getByRole('button', { name: 'Copied ✓' }).waitFor()
    await expect(d.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(writeKey)
  })

  it('the key works with the HTTP API, and the list records its use', async () => {
    const client = api(d.server.url, writeKey)
    expect((await client.get('/nodes')).status).toBe(200)
    await d.page.goto('/ui/settings/keys')
    // Shown once: a fresh load of the page has the prefix but not the key.
    await expect(d.page.locator('#new-key').count()).resolves.toBe(0)
    await expect(d.page.content()).resolves.not.toContain(writeKey)
    const cells = await row('CI deploys').locator('td').allTextContents()
    expect(cells[1]).toBe(`${writeKey.slice(0, 10)}…`)
    expect(cells[2]).toBe('read_write')
    expect(cells[4]).toMatch(/UTC$/)
  })

  it('keeps several keys at once, each with its own scope', async () => {
    readKey = await createKey('dashboards read-only', 'read')
    await d.page.goto('/ui/settings/keys')
    await expect(row('CI deploys').count()).resolves.toBe(1)
    await expect(row('dashboards read-only').locator('td').nth(2).textContent()).resolves.toBe(
      'read'
    )
    const reader = api(d.server.url, readKey)
    expect((await reader.get('/nodes')).status).toBe(200)
    expect((await reader.post('/nodes')).status).toBe(403)
  })

  it('refuses a name with a bidi override, as the API and CLI do', async () => {
    await d.page.goto('/ui/settings/keys')
    const name = d.page.getByLabel('Name')
    await name.evaluate((input: HTMLInputElement) => {
      input.removeAttribute('pattern')
      input.value = 'deploy\u202egnp.exe'
    })
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create key' }))
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'Name: must not contain control characters or bidirectional overrides'
    )
    await expect(d.page.locator('#new-key').count()).resolves.toBe(0)
  })

  it('asks for a name', async () => {
    await d.page.goto('/ui/settings/keys')
    // Bypass the browser's own required check to see the server's message.
    await d.page.getByLabel('Name').evaluate((input) => input.removeAttribute('required'))
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create key' }))
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain('give the key a name')
  })

  it('revokes a key after confirmation; the API then answers 401 for it alone', async () => {
    await d.page.goto('/ui/settings/keys')
    const dialog = acceptNextDialog(d.page)
    await rowMenu(d.page, 'CI deploys').click()
    await submitWith(
      d.page,
      row('CI deploys').getByRole('button', { name: 'Revoke key CI deploys' })
    )
    await expect(dialog).resolves.toContain('Programs using it get 401')
    await expect(row('CI deploys').getByText('revoked').isVisible()).resolves.toBe(true)
    const res = await api(d.server.url, writeKey).get('/nodes')
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('revoked_api_key')
    expect((await api(d.server.url, readKey).get('/nodes')).status).toBe(200)
  })
})
