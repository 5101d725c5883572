import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_EMAIL,
  login,
  screenshotEachTest,
  startDashboard,
  submitWith,
  type Dashboard,
} from '../helpers/browser.js'

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
