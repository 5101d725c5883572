import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminDashboard,
  screenshotEachTest,
  submitWith,
  type AdminDashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'

let d: AdminDashboard
let client: ReturnType<typeof api>

beforeAll(async () => {
  d = await adminDashboard({ NODEPLANE_PROVISION_SECONDS: '1' })
  client = d.client
})
afterAll(() => d?.close())
screenshotEachTest('submit-once', () => d?.page)

/**
 * A name no earlier attempt used: a retried test (retry on shared machines) would otherwise
 * find the first attempt's node, VPC or key under the same name and count two.
 */
let attempts = 0
const fresh = (name: string) => `${name}-${++attempts}`

/**
 * Sends the form on the page twice at once, as a double click 30 ms apart or a reload of the
 * POST does: the same fields, the same one-time token. Returns the answers' statuses.
 */
function submitTwice(selector: string): Promise<number[]> {
  return d.page.evaluate(async (selector) => {
    const form = document.querySelector<HTMLFormElement>(selector)!
    const send = () =>
      fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form) as never),
        redirect: 'manual',
      })
    return (await Promise.all([send(), send()])).map((res) => res.status)
  }, selector)
}

describe('every form that creates something is safe to submit twice', () => {
  it('creates one node from a double submit of the create page, labels and all', async () => {
    await d.page.goto('/ui/nodes/new')
    const name = fresh('double-new')
    await d.page.getByLabel('Name (optional)').fill(name)
    await d.page.getByLabel('Labels', { exact: true }).fill(`env=${name}`)
    expect(await submitTwice('form[method="post"][action="/ui/nodes/new"]')).toEqual([0, 0])
    const named = (await client.get(`/nodes?label_selector=env%3D${name}`)).body
    expect(named.map((node: { name: string }) => node.name)).toEqual([name])
  })

  it('disables the button while the form is in flight, so a second click sends nothing', async () => {
    await d.page.goto('/ui/nodes/new')
    const seen = await d.page.evaluate(async () => {
      const form = document.querySelector<HTMLFormElement>(
        'form[method="post"][action="/ui/nodes/new"]'
      )!
      const button = [...form.querySelectorAll('button')].find(
        (b) => b.textContent === 'Create node'
      )!
      // Counts submits after the page's own handlers and keeps the form from leaving, so the
      // page can be looked at while its request would be in flight.
      let submits = 0
      window.addEventListener('submit', (event) => {
        submits++
        event.preventDefault()
      })
      button.click()
      await new Promise((resolve) => setTimeout(resolve, 50))
      const state = { disabled: button.disabled, busy: form.getAttribute('aria-busy') }
      button.click()
      return { ...state, submits }
    })
    expect(seen).toEqual({ disabled: true, busy: 'true', submits: 1 })
  })

  it('creates one VPC from a double submit, and neither answer is an error', async () => {
    await d.page.goto('/ui/vpcs')
    const name = fresh('twice-vpc')
    await d.page.getByLabel('Name').fill(name)
    // Both redirect to the list: the second is not told its own name is taken.
    expect(await submitTwice('form[action="/ui/vpcs"]')).toEqual([0, 0])
    const named = (await client.get('/api/v1/networking')).body.filter(
      (vpc: { name: string }) => vpc.name === name
    )
    expect(named).toHaveLength(1)
  })

  it('creates one API key from a double submit, and a reload neither repeats it nor shows the key again', async () => {
    await d.page.goto('/ui/settings/keys')
    const [twice, reloaded] = [fresh('twice-key'), fresh('reloaded-key')]
    await d.page.getByLabel('Name').fill(twice)
    await submitTwice('form[action="/ui/settings/keys"]')
    await d.page.goto('/ui/settings/keys')
    await d.page.getByLabel('Name').fill(reloaded)
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create key' }))
    // Post/redirect/get: the key shows once on the page the form redirected to.
    expect(new URL(d.page.url()).pathname).toBe('/ui/settings/keys')
    const secret = (await d.page.locator('#new-key').textContent())!.trim()
    expect(secret).toMatch(/^np_/)
    await d.page.reload()
    await expect(d.page.content()).resolves.not.toContain(secret)
    const rows = (name: string) =>
      d.page.locator('tr', { has: d.page.getByRole('cell', { name, exact: true }) }).count()
    await expect(rows(twice)).resolves.toBe(1)
    await expect(rows(reloaded)).resolves.toBe(1)
  })

  it('attaches one address from a double submit', async () => {
    const node = (await client.post('/nodes', { name: 'attach-twice' })).body
    await d.page.goto(`/ui/nodes/${node.id}/networking`)
    await d.page.locator('button[value="auto"]:not([disabled])').waitFor({ timeout: 15_000 })
    await submitTwice(`form[action="/ui/nodes/${node.id}/ip"]`)
    const details = await client.get(`/nodes/${node.id}`)
    expect(details.body.status).toBe('running')
    const page = await d.page.goto(`/ui/nodes/${node.id}/networking`)
    expect(page!.status()).toBe(200)
    // The automatic address and exactly one more.
    await expect(d.page.getByRole('button', { name: /^Detach / }).count()).resolves.toBe(2)
  })
})
