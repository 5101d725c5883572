import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../helpers/http.js'
import {
  acceptNextDialog,
  adminDashboard,
  screenshotEachTest,
  submitWith,
  type AdminDashboard,
} from '../helpers/browser.js'

let d: AdminDashboard
let receiver: Server
let hookUrl: string
const received: { signature: string; body: string }[] = []

beforeAll(async () => {
  // Loopback targets are refused unless the operator allows them: the test's receiver is one.
  d = await adminDashboard({ NODEPLANE_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      received.push({ signature: String(req.headers['nodeplane-signature']), body })
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
})
afterAll(async () => {
  await d?.close()
  await new Promise((resolve) => receiver?.close(resolve))
})
screenshotEachTest('webhooks', () => d?.page)

const row = () => d.page.locator('tr[data-webhook-id]').first()

describe('Developer settings › Webhooks', () => {
  let secret: string

  it('adds a webhook for chosen events and shows its signing secret once', async () => {
    await d.page.goto('/ui/settings/keys')
    await d.page.getByRole('link', { name: 'Webhooks' }).click()
    await d.page.getByLabel('URL').fill(hookUrl)
    await d.page.getByLabel('node.running').check()
    await submitWith(d.page, d.page.getByRole('button', { name: 'Add webhook' }))
    secret = (await d.page.locator('#new-secret').textContent())!.trim()
    expect(secret).toMatch(/^whsec_/)
    await expect(row().textContent()).resolves.toContain('node.running')
    await d.page.reload()
    await expect(d.page.content()).resolves.not.toContain(secret)
    const hooks = (await d.client.get('/api/v1/webhooks')).body
    expect(
      hooks.map((h: { url: string; event_types: string[] }) => [h.url, h.event_types])
    ).toEqual([[hookUrl, ['node.running']]])
  })

  it('sends a signed test event, and the delivery log shows its answer', async () => {
    await submitWith(d.page, row().getByRole('button', { name: /Send a test event/ }))
    await eventually(async () => (received.length > 0 ? true : undefined), 20_000)
    const { signature, body } = received[0]!
    const t = /t=(\d+)/.exec(signature)![1]
    const v1 = /v1=([0-9a-f]+)/.exec(signature)![1]
    expect(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')).toBe(v1)
    await row().getByRole('link').click()
    await d.page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor()
    await eventually(async () => {
      await d.page.reload()
      const cells = await d.page.locator('tr[data-delivery-id] td').allTextContents()
      return cells.includes('succeeded') && cells.includes('200') ? true : undefined
    }, 20_000)
  })

  it('pauses, resumes and deletes after confirmation', async () => {
    await d.page.goto('/ui/settings/webhooks')
    await submitWith(d.page, row().getByRole('button', { name: 'Pause' }))
    await expect(row().textContent()).resolves.toContain('paused')
    expect((await d.client.get('/api/v1/webhooks')).body[0].enabled).toBe(false)
    await submitWith(d.page, row().getByRole('button', { name: 'Resume' }))
    await expect(row().textContent()).resolves.toContain('enabled')
    const dialog = acceptNextDialog(d.page)
    await submitWith(d.page, row().getByRole('button', { name: /Delete the webhook/ }))
    expect(await dialog).toContain('Deliveries stop at once')
    expect((await d.client.get('/api/v1/webhooks')).body).toEqual([])
    await expect(d.page.getByText('No webhooks yet').isVisible()).resolves.toBe(true)
  })

  it('refuses a URL that is not http(s), naming the field', async () => {
    await d.page.goto('/ui/settings/webhooks')
    await d.page.getByLabel('URL').evaluate((input: HTMLInputElement) => (input.type = 'text'))
    await d.page.getByLabel('URL').fill('ftp://example.com/x')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Add webhook' }))
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'URL: must be an http:// or https:// URL'
    )
  })
})
