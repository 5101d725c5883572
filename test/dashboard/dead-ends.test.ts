import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminDashboard,
  screenshotEachTest,
  submitWith,
  type AdminDashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'

let d: AdminDashboard
let client: ReturnType<typeof api>

beforeAll(async () => {
  d = await adminDashboard()
  client = d.client
})
afterAll(() => d?.close())
screenshotEachTest('dead-ends', () => d?.page)

describe('no dead ends', () => {
  it('sends a form-only URL opened with GET to the page its form lives on', async () => {
    const node = (await client.post('/nodes', {})).body
    const vpc = (await client.post('/api/v1/networking', { name: 'bookmarked' })).body
    const fw = (await client.post('/api/v1/firewalls', { name: 'bookmarked' })).body
    const key = (
      await client.post('/api/v1/ssh-keys', {
        name: 'bookmarked',
        public_key: generateKey('ed25519').publicKey,
      })
    ).body
    const cases: [string, string][] = [
      [`/ui/vpcs/${vpc.id}/delete`, '/ui/vpcs'],
      // The edit pages are pages of their own: a bookmark opens the form.
      [`/ui/vpcs/${vpc.id}/edit`, `/ui/vpcs/${vpc.id}/edit`],
      [`/ui/firewalls/${fw.id}/delete`, `/ui/firewalls/${fw.id}`],
      // Node Details' tabs: the delete form's URL is the Delete tab itself; the others lead
      // to the tab their form is on.
      [`/ui/nodes/${node.id}/delete`, `/ui/nodes/${node.id}/delete`],
      [`/ui/nodes/${node.id}/ip`, `/ui/nodes/${node.id}/networking`],
      [`/ui/nodes/${node.id}/ip/detach`, `/ui/nodes/${node.id}/networking`],
      [`/ui/nodes/${node.id}/power/poweroff`, `/ui/nodes/${node.id}/power`],
      [`/ui/nodes/${node.id}/rebuild`, `/ui/nodes/${node.id}/power`],
      [`/ui/nodes/${node.id}/labels`, `/ui/nodes/${node.id}/settings`],
      [`/ui/nodes/${node.id}/ssh-keys`, `/ui/nodes/${node.id}/settings`],
      ['/ui/settings/keys/key_none/revoke', '/ui/settings/keys'],
      ['/ui/settings/ssh-keys/sshkey_none/delete', '/ui/settings/ssh-keys'],
      [`/ui/settings/ssh-keys/${key.id}/edit`, `/ui/settings/ssh-keys/${key.id}/edit`],
      ['/ui/account/password', '/ui/account'],
      ['/ui/logout', '/ui/nodes'],
    ]
    for (const [from, to] of cases) {
      const res = await d.page.goto(from)
      expect([from, res!.status(), new URL(d.page.url()).pathname]).toEqual([from, 200, to])
    }
    // Nothing was acted on: the VPC and the node are still there, and the session too.
    expect((await client.get(`/api/v1/networking/${vpc.id}`)).status).toBe(200)
    expect((await client.get(`/api/v1/firewalls/${fw.id}`)).status).toBe(200)
    expect((await client.get(`/nodes/${node.id}`)).status).toBe(200)
    await expect(d.page.getByRole('button', { name: 'Log out' }).isVisible()).resolves.toBe(true)
  })
})

describe('plain language', () => {
  it('names the field as the form does and says what is allowed', async () => {
    await d.page.goto('/ui/vpcs')
    const name = d.page.getByLabel('Name')
    await name.evaluate((input: HTMLInputElement) => input.removeAttribute('maxlength'))
    await name.fill('v'.repeat(64))
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create VPC' }))
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'Name: must be at most 63 characters'
    )
  })

  it('answers the API with the same plain words', async () => {
    const res = await client.post('/nodes', { vpc_id: 42 })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'vpc_id', message: 'must be a string' }])
  })
})
