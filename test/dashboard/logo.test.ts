import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_EMAIL,
  login,
  screenshotEachTest,
  startDashboard,
  type Dashboard,
} from '../helpers/browser.js'

let d: Dashboard

beforeAll(async () => {
  d = await startDashboard()
})
afterAll(() => d?.close())
screenshotEachTest('logo', () => d?.page)

describe('Logo and favicon', () => {
  it('shows the logo beside the name in the header, on the login page and after it', async () => {
    for (const open of [
      () => d.page.goto('/ui/login'),
      () => login(d.page, ADMIN_EMAIL, d.password),
    ]) {
      await open()
      const logo = d.page.locator('header .brand img')
      await expect(
        logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
      ).resolves.toBe(true)
      // The link is named by its text; the image adds nothing for a screen reader.
      await expect(logo.getAttribute('alt')).resolves.toBe('')
      await expect(
        d.page.getByRole('link', { name: 'nodeplane', exact: true }).count()
      ).resolves.toBe(1)
    }
  })

  it('serves the favicon from the server as SVG, cacheable for good under its versioned URL', async () => {
    const href = await d.page.locator('link[rel="icon"]').getAttribute('href')
    expect(href).toMatch(/^\/ui\/static\/logo\.svg\?v=[0-9a-f]{12}$/)
    const res = await d.page.request.get(href!)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('image/svg+xml')
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toContain('<svg')
    // Without the version the URL may change content, so the browser asks again.
    expect((await d.page.request.get('/ui/static/logo.svg')).headers()['cache-control']).toBe(
      'no-cache'
    )
  })
})
