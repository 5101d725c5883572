import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import {
  acceptNextDialog,
  ADMIN_EMAIL,
  login,
  rowMenu,
  screenshotEachTest,
  startDashboard,
  submitWith,
  type Dashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'

let d: Dashboard
let client: ReturnType<typeof api>

beforeAll(async () => {
  d = await startDashboard()
  client = api(d.server.url, (await createTestKey(d.server.dataDir)).key)
  await login(d.page, ADMIN_EMAIL, d.password)
})
afterAll(() => d?.close())
screenshotEachTest('ssh-keys', () => d?.page)

const PAGE = '/ui/settings/ssh-keys'
const row = (name: string) =>
  d.page.locator('tbody tr', { has: d.page.getByText(name, { exact: true }) })
const names = async () =>
  (await client.get('/api/v1/ssh-keys')).body.map((k: { name: string }) => k.name)
const chips = (name: string) => row(name).locator('.label-chip').allTextContents()
const labels = () => d.page.getByLabel('Labels', { exact: true })

async function addKey(name: string, publicKey: string, labelLines = ''): Promise<void> {
  await d.page.goto(PAGE)
  await d.page.getByLabel('Name').fill(name)
  await d.page.getByLabel('Public key').fill(publicKey)
  await labels().fill(labelLines)
  await submitWith(d.page, d.page.getByRole('button', { name: 'Add SSH key' }))
}

describe('SSH keys page', () => {
  const laptop = generateKey('ed25519', { comment: 'ada@laptop' })

  it('is a tab of Developer settings, empty at first', async () => {
    await d.page.goto('/ui/settings/keys')
    await d.page
      .getByRole('navigation', { name: 'Developer settings' })
      .getByRole('link', { name: 'SSH keys' })
      .click()
    await d.page.waitForURL((url) => url.pathname === PAGE)
    await expect(d.page.getByText('No SSH keys yet.').isVisible()).resolves.toBe(true)
  })

  it('adds a pasted .pub file with labels and lists it with the fingerprint ssh-keygen prints', async () => {
    await addKey('ada laptop', `${laptop.publicKey}\n`, 'owner=ada')
    await expect(d.page.getByRole('status').textContent()).resolves.toContain(
      `Added the SSH key “ada laptop” (${laptop.fingerprint})`
    )
    const cells = await row('ada laptop').locator('td').allTextContents()
    expect(cells[1]).toBe(laptop.fingerprint)
    await expect(chips('ada laptop')).resolves.toEqual(['owner=ada'])
    expect(await names()).toEqual(['ada laptop'])
  })

  it('shows why a key is refused, keeps what was typed, and adds nothing', async () => {
    await addKey('old dsa', generateKey('dsa').publicKey)
    const alert = d.page.getByRole('alert')
    await expect(alert.textContent()).resolves.toContain('Public key: DSA keys are refused')
    await expect(d.page.getByLabel('Name').inputValue()).resolves.toBe('old dsa')
    await expect(d.page.getByLabel('Public key').inputValue()).resolves.toMatch(/^ssh-dss /)

    await addKey('private', laptop.privateKey)
    await expect(alert.textContent()).resolves.toContain('Public key: is a private key')

    await addKey('laptop again', laptop.publicKey)
    await expect(alert.textContent()).resolves.toContain('is already on the account as ada laptop')

    await addKey('desktop', generateKey('ed25519').publicKey, 'owner=ada\n=nokey')
    await expect(d.page.locator('#ssh-key-labels-error').textContent()).resolves.toBe(
      'line 2 (“=nokey”) is not key=value'
    )
    await expect(labels().inputValue()).resolves.toBe('owner=ada\n=nokey')
    expect(await names()).toEqual(['ada laptop'])
  })

  it('edits a key’s name and labels from the row menu; a bad label changes nothing', async () => {
    const ci = (
      await client.post('/api/v1/ssh-keys', {
        name: 'build box',
        labels: { role: 'ci' },
        public_key: generateKey('ed25519').publicKey,
      })
    ).body
    await d.page.goto(PAGE)
    await rowMenu(d.page, 'build box').click()
    await d.page.getByRole('link', { name: 'Edit SSH key build box' }).click()
    await d.page.waitForURL('**/edit')
    await expect(labels().inputValue()).resolves.toBe('role=ci')
    await d.page.getByLabel('Name').fill('build server')
    await labels().fill('role=deploy\nbad key=1')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save SSH key' }))
    await expect(d.page.locator('#ssh-key-labels-error').textContent()).resolves.toMatch(
      /^line 2 \(“bad key=1”\): key /
    )
    await expect(d.page.getByLabel('Name').inputValue()).resolves.toBe('build server')
    expect((await client.get(`/api/v1/ssh-keys/${ci.id}`)).body).toMatchObject({
      name: 'build box',
      labels: { role: 'ci' },
    })

    await labels().fill('role=deploy\nteam=ops')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save SSH key' }))
    expect(new URL(d.page.url()).pathname).toBe(PAGE)
    await expect(d.page.getByRole('status').textContent()).resolves.toContain(
      'Saved the SSH key “build server”.'
    )
    await expect(chips('build server')).resolves.toEqual(['role=deploy', 'team=ops'])
    expect((await client.get(`/api/v1/ssh-keys/${ci.id}`)).body).toMatchObject({
      name: 'build server',
      labels: { role: 'deploy', team: 'ops' },
    })
    expect((await client.delete(`/api/v1/ssh-keys/${ci.id}`)).status).toBe(204)
  })

  it('copies the public key from the row menu', async () => {
    await d.page.goto(PAGE)
    await rowMenu(d.page, 'ada laptop').click()
    await d.page.getByRole('button', { name: 'Copy public key' }).click()
    await expect(d.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      laptop.publicKey
    )
  })

  it('asks before deleting, keeps the key when the answer is no, and deletes it on yes', async () => {
    await d.page.goto(PAGE)
    d.page.once('dialog', (dialog) => void dialog.dismiss())
    await rowMenu(d.page, 'ada laptop').click()
    await d.page.getByRole('button', { name: 'Delete SSH key ada laptop' }).click()
    expect(await names()).toEqual(['ada laptop'])

    await d.page.goto(PAGE)
    const dialog = acceptNextDialog(d.page)
    await rowMenu(d.page, 'ada laptop').click()
    await submitWith(d.page, d.page.getByRole('button', { name: 'Delete SSH key ada laptop' }))
    await expect(dialog).resolves.toContain('Delete the SSH key “ada laptop”?')
    await expect(d.page.getByRole('status').textContent()).resolves.toContain(
      'Deleted the SSH key.'
    )
    expect(await names()).toEqual([])
    await expect(d.page.getByText('No SSH keys yet.').isVisible()).resolves.toBe(true)
  })

  it("never shows or deletes another account's keys", async () => {
    await createTestUser(d.server.dataDir, 'stranger@example.com')
    const stranger = api(
      d.server.url,
      (await createTestKey(d.server.dataDir, 'read_write', 'stranger@example.com')).key
    )
    const theirs = (
      await stranger.post('/api/v1/ssh-keys', {
        name: 'theirs',
        public_key: generateKey('ed25519').publicKey,
      })
    ).body
    await d.page.goto(PAGE)
    await expect(d.page.content()).resolves.not.toContain(theirs.id)
    const res = await d.page.goto(`${PAGE}/${theirs.id}/edit`)
    expect(res!.status()).toBe(404)
    await d.page.getByRole('heading', { name: 'Not found' }).waitFor()
    await d.page.goto(PAGE)
    // A forged form post for their key: the page's own form, pointed at the stranger's id.
    await d.page.evaluate((id) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = `/ui/settings/ssh-keys/${id}/delete`
      const token = document.querySelector('meta[name="csrf-token"]')!.getAttribute('content')!
      form.innerHTML = `<input type="hidden" name="_csrf" value="${token}">`
      document.body.append(form)
      form.submit()
    }, theirs.id)
    await d.page.waitForURL((url) => url.pathname === PAGE)
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      `no SSH key ${theirs.id} on this account`
    )
    expect((await stranger.get(`/api/v1/ssh-keys/${theirs.id}`)).status).toBe(200)
  })
})
