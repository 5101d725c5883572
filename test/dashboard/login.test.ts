import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_EMAIL,
  login,
  PHONE,
  screenshot,
  screenshotEachTest,
  startDashboard,
  submitWith,
  type Dashboard,
} from '../helpers/browser.js'

let d: Dashboard

beforeAll(async () => {
  d = await startDashboard()
})
afterAll(() => d?.close())
screenshotEachTest('login', () => d?.page)

describe('Login page', () => {
  it('sends / to the login page when logged out', async () => {
    await d.page.goto('/')
    expect(new URL(d.page.url()).pathname).toBe('/ui/login')
    await expect(
      d.page.getByRole('heading', { name: 'Log in to nodeplane' }).isVisible()
    ).resolves.toBe(true)
  })

  it('shows a clear error for a wrong password, after a small delay', async () => {
    await d.page.goto('/ui/login')
    await d.page.getByLabel('Email').fill(ADMIN_EMAIL)
    await d.page.getByLabel('Password').fill('not-the-password')
    const started = Date.now()
    await submitWith(d.page, d.page.getByRole('button', { name: 'Log in' }))
    const alert = d.page.getByRole('alert')
    await expect(alert.textContent()).resolves.toContain('The email or password is not correct.')
    expect(Date.now() - started).toBeGreaterThanOrEqual(600)
    expect(new URL(d.page.url()).pathname).toBe('/ui/login')
    // The email is kept so only the password needs typing again.
    await expect(d.page.getByLabel('Email').inputValue()).resolves.toBe(ADMIN_EMAIL)
  })

  it('logs the admin in and shows the empty Node Management page', async () => {
    await login(d.page, ADMIN_EMAIL, d.password)
    expect(new URL(d.page.url()).pathname).toBe('/ui/nodes')
    await expect(d.page.getByText('You have no nodes yet.').isVisible()).resolves.toBe(true)
    await d.page.setViewportSize(PHONE)
    await screenshot(d.page, 'login--empty-nodes-phone')
    await d.page.setViewportSize({ width: 1280, height: 860 })
  })

  it('keeps the session in an HttpOnly, SameSite=Lax cookie', async () => {
    const cookie = (await d.context.cookies()).find((c) => c.name === 'np_session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false })
    expect(cookie!.value.length).toBeGreaterThanOrEqual(40)
  })

  it('marks the cookie Secure when the request came over https', async () => {
    const form = await fetch(new URL('/ui/login', d.server.url))
    const loginCookie = form.headers.getSetCookie()[0]!.split(';')[0]!
    const res = await fetch(new URL('/ui/login', d.server.url), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: loginCookie,
        // What a browser and the TLS-terminating proxy in front of nodeplane (on loopback,
        // trusted by default) send.
        Origin: d.server.url.replace(/^http:/, 'https:'),
        'X-Forwarded-Proto': 'https',
      },
      body: new URLSearchParams({
        email: ADMIN_EMAIL,
        password: d.password,
        _csrf: loginCookie.split('=')[1]!,
      }).toString(),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    const session = res.headers.getSetCookie().find((c) => c.startsWith('np_session='))
    expect(session).toMatch(/; HttpOnly/)
    expect(session).toMatch(/; Secure/)
    expect(session).toMatch(/; SameSite=Lax/)
  })

  it('refuses a POST without the CSRF token with 403, and one from another origin', async () => {
    const status = await d.page.evaluate(async () => {
      const res = await fetch('/ui/settings/keys', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'name=sneaky&scope=read_write',
      })
      return res.status
    })
    expect(status).toBe(403)

    // The right token from the wrong site: hono/csrf's Origin check refuses it.
    const token = await d.page.locator('meta[name="csrf-token"]').getAttribute('content')
    const cookies = (await d.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    const res = await fetch(new URL('/ui/settings/keys', d.server.url), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: cookies,
        Origin: 'http://evil.example',
      },
      body: `name=sneaky&scope=read_write&_csrf=${encodeURIComponent(token!)}`,
      redirect: 'manual',
    })
    expect(res.status).toBe(403)

    await d.page.goto('/ui/settings/keys')
    await expect(d.page.getByText('sneaky').count()).resolves.toBe(0)
  })

  it('leaves the API paths to the API', async () => {
    const nodes = await fetch(new URL('/nodes', d.server.url))
    expect(nodes.status).toBe(401)
    expect(nodes.headers.get('content-type')).toContain('application/problem+json')
    expect((await fetch(new URL('/openapi.json', d.server.url))).status).toBe(200)
    expect((await fetch(new URL('/docs', d.server.url))).status).toBe(200)
    expect((await fetch(new URL('/api/v1/compute?limit=1', d.server.url))).status).toBe(200)
  })

  it('logs out, and pages then need a login again', async () => {
    await d.page.goto('/ui/nodes')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Log out' }))
    await expect(d.page.getByRole('status').textContent()).resolves.toContain('You are logged out.')
    await d.page.goto('/ui/vpcs')
    expect(new URL(d.page.url()).pathname).toBe('/ui/login')
    expect(new URL(d.page.url()).searchParams.get('next')).toBe('/ui/vpcs')
    // The next parameter brings the user back where they were going.
    await d.page.getByLabel('Email').fill(ADMIN_EMAIL)
    await d.page.getByLabel('Password').fill(d.password)
    await submitWith(d.page, d.page.getByRole('button', { name: 'Log in' }))
    expect(new URL(d.page.url()).pathname).toBe('/ui/vpcs')
  })
})
