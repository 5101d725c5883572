import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

beforeAll(async () => {
  d = await startDashboard()
  await login(d.page, ADMIN_EMAIL, d.password)
})
afterAll(() => d?.close())
screenshotEachTest('hosts', () => d?.page)

const rows = () => d.page.locator('tbody tr')

describe('Compute hosts page', () => {
  it('searches with filters and shows the same hosts as the API', async () => {
    await d.page.goto('/ui/hosts')
    await d.page.getByLabel('GPU').selectOption('true')
    await d.page.getByLabel('Min CPU cores').fill('8')
    await d.page.getByLabel('Region').selectOption('us-east-1')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Search' }))
    const expected = (
      await api(d.server.url).get('/api/v1/compute?gpu=true&min_cpu=8&region=us-east-1')
    ).body
    await expect(
      d.page.getByText(`${expected.pagination.total} hosts match`).isVisible()
    ).resolves.toBe(true)
    const shown = await rows().locator('td:first-child .mono').allTextContents()
    expect(shown).toEqual(expected.hosts.map((h: { id: string }) => h.id))
    for (const gpus of await rows().locator('td:nth-child(7)').allTextContents())
      expect(Number(gpus)).toBeGreaterThan(0)
    // The form shows the filters that produced the page.
    await expect(d.page.getByLabel('GPU').inputValue()).resolves.toBe('true')
  })

  it('pages through the results with links that keep the filters', async () => {
    await d.page.goto('/ui/hosts?status=active&limit=25')
    await expect(rows().count()).resolves.toBe(25)
    const first = await rows().first().locator('.mono').textContent()
    await submitWith(d.page, d.page.getByRole('link', { name: 'Next →' }))
    expect(new URL(d.page.url()).searchParams.get('page')).toBe('2')
    expect(new URL(d.page.url()).searchParams.get('status')).toBe('active')
    await expect(rows().first().locator('.mono').textContent()).resolves.not.toBe(first)
    await submitWith(d.page, d.page.getByRole('link', { name: '← Previous' }))
    await expect(rows().first().locator('.mono').textContent()).resolves.toBe(first)
  })

  it('explains invalid filters', async () => {
    const res = await d.page.goto('/ui/hosts?min_cpu=lots')
    expect(res!.status()).toBe(400)
    // Named as the form names it, in plain words.
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'Minimum cores: must be a number'
    )
  })

  it('says a page past the end is past the end, and links the last page', async () => {
    await d.page.goto('/ui/hosts?page=999')
    await expect(d.page.getByText('Page 999 is past the end').isVisible()).resolves.toBe(true)
    await d.page.getByRole('link', { name: 'Go to the last page' }).click()
    await d.page.getByRole('status').filter({ hasText: 'hosts match' }).waitFor()
    await expect(d.page.locator('tbody tr').count()).resolves.toBeGreaterThan(0)
  })

  it('links an active host to the Create node page, with that host chosen', async () => {
    // The first and the last of a page: not always the cheapest host of their size.
    for (const row of [() => rows().first(), () => rows().last()]) {
      await d.page.goto('/ui/hosts?status=active&limit=25')
      const id = await row().locator('.mono').textContent()
      await submitWith(d.page, row().getByRole('link', { name: 'Create node' }))
      expect(new URL(d.page.url()).pathname).toBe('/ui/nodes/new')
      await expect(d.page.locator('input[name="host_id"]:checked').inputValue()).resolves.toBe(id)
    }
  })
})
