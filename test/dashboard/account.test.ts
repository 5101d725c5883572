import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import {
  ADMIN_EMAIL,
  login,
  screenshotEachTest,
  startDashboard,
  submitWith,
  type Dashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'
import { runCli } from '../helpers/server.js'

let d: Dashboard
const NEW_PASSWORD = 'a much longer passphrase 42'

beforeAll(async () => {
  d = await startDashboard()
  await login(d.page, ADMIN_EMAIL, d.password)
})
afterAll(() => d?.close())
screenshotEachTest('account', () => d?.page)

async function submitPasswordChange(current: string, next: string, again = next): Promise<void> {
  await d.page.goto('/ui/account')
  await d.page.getByLabel('Current password').fill(current)
  await d.page.getByLabel('New password', { exact: true }).fill(next)
  await d.page.getByLabel('Confirm new password').fill(again)
  await submitWith(d.page, d.page.getByRole('button', { name: 'Change password' }))
}

describe('Account page limits', () => {
  const row = (limit: string) => d.page.locator(`tr[data-limit="${limit}"]`)

  it('shows each limit with what the account uses, as numbers and a bar', async () => {
    await d.page.goto('/ui/account')
    await expect(d.page.getByRole('heading', { name: 'Limits' }).isVisible()).resolves.toBe(true)
    const names = await d.page
      .locator('tr[data-limit]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-limit')))
    expect(names).toEqual([
      'nodes',
      'cpu_cores',
      'memory_gb',
      'volumes_gb',
      'images_gb',
      'floating_ips',
      'firewalls',
      'vpcs',
    ])
    await expect(row('vpcs').textContent()).resolves.toContain('0 of 256')
    await expect(row('firewalls').locator('meter').getAttribute('aria-label')).resolves.toBe(
      'Firewalls: 0 of 50 used'
    )
  })

  it('follows what the account creates and the limits the operator sets', async () => {
    const client = api(d.server.url, (await createTestKey(d.server.dataDir)).key)
    const vpc = await client.post('/api/v1/networking', { name: 'counted' })
    const set = await runCli([
      'accounts',
      'limits',
      'set',
      '--email',
      ADMIN_EMAIL,
      '--vpcs',
      '2',
      '--data',
      d.server.dataDir,
    ])
    expect(set.code, set.stderr).toBe(0)
    try {
      await d.page.goto('/ui/account')
      await expect(row('vpcs').textContent()).resolves.toContain('1 of 2')
      const meter = row('vpcs').locator('meter')
      expect(await meter.evaluate((m: HTMLMeterElement) => [m.value, m.max])).toEqual([1, 2])
    } finally {
      await client.delete(`/api/v1/networking/${vpc.body.id}`)
      await runCli([
        'accounts',
        'limits',
        'set',
        '--email',
        ADMIN_EMAIL,
        '--vpcs',
        'default',
        '--data',
        d.server.dataDir,
      ])
    }
  })
})

describe('Account page', () => {
  it('refuses a wrong current password and a mismatched confirmation', async () => {
    await submitPasswordChange('wrong', NEW_PASSWORD)
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'Current password: is not your current password'
    )
    await submitPasswordChange(d.password, NEW_PASSWORD, `${NEW_PASSWORD}!`)
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'Confirm new password: does not match'
    )
  })

  it('changes the password and ends the other sessions', async () => {
    const other = await d.browser.newContext({ baseURL: d.server.url })
    const otherPage = await other.newPage()
    await login(otherPage, ADMIN_EMAIL, d.password)
    await submitPasswordChange(d.password, NEW_PASSWORD)
    await expect(d.page.getByRole('status').textContent()).resolves.toContain(
      'Your password was changed'
    )
    await otherPage.goto('/ui/nodes')
    expect(new URL(otherPage.url()).pathname).toBe('/ui/login')
    await other.close()
  })

  it('logs in again with the new password only', async () => {
    await submitWith(d.page, d.page.getByRole('button', { name: 'Log out' }))
    await d.page.getByLabel('Email').fill(ADMIN_EMAIL)
    await d.page.getByLabel('Password').fill(d.password)
    await submitWith(d.page, d.page.getByRole('button', { name: 'Log in' }))
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain('not correct')
    await login(d.page, ADMIN_EMAIL, NEW_PASSWORD)
    await d.page.goto('/ui/account')
    await expect(d.page.locator('dl.fields').textContent()).resolves.toContain(ADMIN_EMAIL)
  })
})
