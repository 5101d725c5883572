import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import {
  adminDashboard,
  rowMenu,
  screenshot,
  screenshotEachTest,
  submitWith,
  type AdminDashboard,
} from '../helpers/browser.js'
import { api, eventually } from '../helpers/http.js'

let d: AdminDashboard

beforeAll(async () => {
  // Each power action takes 2 seconds on the simulated driver, so its middle can be seen.
  d = await adminDashboard({ NODEPLANE_PROVISION_SECONDS: '0', NODEPLANE_POWER_SECONDS: '2' })
})
afterAll(() => d?.close())
screenshotEachTest('node-power', () => d?.page)

async function runningNode(name: string): Promise<string> {
  const id = (await d.client.post('/nodes', { name })).body.id as string
  await eventually(async () =>
    (await d.client.get(`/nodes/${id}`)).body.status === 'running' ? true : undefined
  )
  return id
}

const powerState = async (id: string) =>
  (await d.client.get(`/nodes/${id}`)).body.power_state as string
// The heading's badge is the node's state: `running` while on, else its power state.
const headingPower = () => d.page.locator('h1 [data-field="state"]')
const button = (name: string) => d.page.locator('#power').getByRole('button', { name, exact: true })

async function enabledButtons(): Promise<string[]> {
  return d.page
    .locator('#power button:not([disabled])')
    .evaluateAll((buttons) => buttons.map((b) => b.textContent.trim()))
}

/** Node Details' Power tab, where the power buttons and the Rebuild link are. */
const powerTab = (id: string) => d.page.goto(`/ui/nodes/${id}/power`)

/**
 * Asks with a power button: it leads to the action's confirmation page (the one the nodes
 * table's menu leads to), which asks `question`; its button confirms. No native dialog opens.
 */
async function confirmPower(name: string, question: string, consequence?: string): Promise<void> {
  let dialogs = 0
  const count = () => dialogs++
  d.page.on('dialog', count)
  await submitWith(d.page, button(name))
  expect(new URL(d.page.url()).pathname).toMatch(/\/confirm-power\/[a-z]+$/)
  await expect(d.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(question)
  if (consequence)
    await expect(d.page.locator('main').textContent()).resolves.toContain(consequence)
  await submitWith(d.page, d.page.getByRole('button', { name, exact: true }))
  d.page.off('dialog', count)
  expect(dialogs).toBe(0)
}

/** Marks the page; a reload would lose the mark. */
const mark = () => d.page.evaluate(() => ((window as unknown as { mark: number }).mark = 7))
const marked = () => d.page.evaluate(() => (window as unknown as { mark?: number }).mark)

describe('Power buttons on Node Details', () => {
  it('reboot asks first, shows rebooting, then on by itself without a reload', async () => {
    const id = await runningNode('rebooted')
    await powerTab(id)
    await expect(headingPower().textContent()).resolves.toBe('running')
    expect(await enabledButtons()).toEqual(['Reboot', 'Shut down', 'Power off', 'Reset'])

    await confirmPower(
      'Reboot',
      `Reboot node rebooted (${id})?`,
      'It restarts through its init; connections drop until it is back.'
    )
    expect(new URL(d.page.url()).pathname).toBe(`/ui/nodes/${id}/power`)
    await expect(d.page.getByRole('status').first().textContent()).resolves.toContain(
      'is rebooting'
    )
    await expect(headingPower().textContent()).resolves.toBe('rebooting')
    expect(await enabledButtons()).toEqual([])
    await mark()

    await d.page.locator('h1 [data-field="state"]', { hasText: /^running$/ }).waitFor()
    await button('Reboot').and(d.page.locator(':not([disabled])')).waitFor()
    expect(await enabledButtons()).toEqual(['Reboot', 'Shut down', 'Power off', 'Reset'])
    expect(await marked()).toBe(7)
    expect(await powerState(id)).toBe('on')
  })

  it('a cancelled confirmation changes nothing', async () => {
    const id = await runningNode('kept-on')
    await powerTab(id)
    await submitWith(d.page, button('Power off'))
    expect(new URL(d.page.url()).pathname).toBe(`/ui/nodes/${id}/confirm-power/poweroff`)
    await submitWith(d.page, d.page.getByRole('link', { name: 'Cancel and go back to the node' }))
    expect(new URL(d.page.url()).pathname).toBe(`/ui/nodes/${id}/power`)
    await d.page.waitForTimeout(500)
    expect(await powerState(id)).toBe('on')
  })

  it('shut down leaves only Power on enabled once off, and Power on brings it back', async () => {
    const id = await runningNode('shut')
    await powerTab(id)
    await confirmPower('Shut down', `Shut down node shut (${id})?`)
    await mark()
    await d.page.locator('h1 [data-field="state"]', { hasText: /^off$/ }).waitFor()
    await button('Power on').and(d.page.locator(':not([disabled])')).waitFor()
    expect(await enabledButtons()).toEqual(['Power on'])
    await expect(d.page.locator('#power').textContent()).resolves.toContain('The node is off.')
    expect(await marked()).toBe(7)
    expect(await powerState(id)).toBe('off')

    await confirmPower('Power on', `Power on node shut (${id})?`)
    await d.page.locator('h1 [data-field="state"]', { hasText: /^running$/ }).waitFor()
    expect(await powerState(id)).toBe('on')
  })

  it('says clearly why an action is refused (another under way)', async () => {
    const id = await runningNode('busy')
    await d.page.goto(`/ui/nodes/${id}/confirm-power/poweroff`)
    // A shutdown started elsewhere: the page still shows the node on, with Power off enabled.
    expect((await d.client.post(`/api/v1/nodes/${id}/actions/shutdown`)).status).toBe(202)
    await submitWith(d.page, d.page.getByRole('button', { name: 'Power off', exact: true }))
    await expect(d.page.getByRole('alert').first().textContent()).resolves.toContain(
      `Power off refused: node ${id} has a shutdown under way; wait for it, then retry`
    )
    await eventually(async () => ((await powerState(id)) === 'off' ? true : undefined))
  })

  it('the node table shows the power state and follows a reboot started elsewhere', async () => {
    const id = await runningNode('in-table')
    expect((await d.client.post(`/api/v1/nodes/${id}/actions/reboot`)).status).toBe(202)
    await d.page.goto('/ui/nodes')
    const cell = d.page.locator(`tr[data-node-id="${id}"] [data-field="state"]`)
    await expect(cell.textContent()).resolves.toBe('rebooting')
    await mark()
    await d.page
      .locator(`tr[data-node-id="${id}"] [data-field="state"]`, { hasText: /^running$/ })
      .waitFor()
    expect(await marked()).toBe(7)
  })

  it('an off node reads off in the table and on Node Details, whose Connection box says to power it on', async () => {
    const id = await runningNode('reads-off')
    expect((await d.client.post(`/api/v1/nodes/${id}/actions/poweroff`)).status).toBe(202)
    await d.client.get(`/nodes/${id}?wait_for=power_off`)
    await d.page.goto('/ui/nodes')
    const tableRow = d.page.locator(`tr[data-node-id="${id}"]`)
    await expect(tableRow.locator('[data-field="state"]').textContent()).resolves.toBe('off')
    // One badge says it: no green `running` beside a small `off`.
    await expect(tableRow.locator('.badge-running').count()).resolves.toBe(0)
    await d.page.goto(`/ui/nodes/${id}`)
    await expect(headingPower().textContent()).resolves.toBe('off')
    const connection = d.page.locator('#connection')
    await expect(connection.textContent()).resolves.toContain(
      'The node is powered off; power it on to connect.'
    )
    await expect(d.page.locator('#ssh-command').textContent()).resolves.not.toContain('ssh root@')
    // Powered on elsewhere, the box says how to connect again, without a reload.
    await mark()
    expect((await d.client.post(`/api/v1/nodes/${id}/actions/poweron`)).status).toBe(202)
    await connection.getByText('SSH (port 22) is open').waitFor()
    await expect(d.page.locator('#ssh-command').textContent()).resolves.toMatch(/^ssh root@/)
    expect(await marked()).toBe(7)
  })

  it('a row deleted while the table shows it offers no power action', async () => {
    const id = await runningNode('deleted-in-view')
    const other = await runningNode('keeps-the-page-polling')
    // The table follows its nodes while one of them changes: a reboot keeps it listening.
    expect((await d.client.post(`/api/v1/nodes/${other}/actions/reboot`)).status).toBe(202)
    await d.page.goto('/ui/nodes')
    const tableRow = d.page.locator(`tr[data-node-id="${id}"]`)
    await expect(tableRow.locator('[data-power-action]').count()).resolves.toBeGreaterThan(0)
    expect((await d.client.delete(`/nodes/${id}`)).status).toBe(204)
    await tableRow.locator('[data-field="state"]', { hasText: /^delet/ }).waitFor()
    await expect(tableRow.locator('[data-power-action]:visible').count()).resolves.toBe(0)
    await expect(tableRow.textContent()).resolves.not.toContain('Power on')
  })

  it('the nodes table menu leads to a confirmation page that asks once, without a dialog', async () => {
    const id = await runningNode('from-menu')
    await d.page.goto('/ui/nodes')
    await rowMenu(d.page, 'from-menu').click()
    const menu = d.page.locator(`tr[data-node-id="${id}"] .row-menu-items`)
    // Power on makes no sense for a node that is on: the menu leaves it out.
    await expect(menu.getByRole('link', { name: 'Power on…' }).count()).resolves.toBe(0)
    await menu.getByRole('link', { name: 'Reboot…' }).click()
    await d.page.waitForURL(`**/ui/nodes/${id}/confirm-power/reboot`)
    await expect(d.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `Reboot node from-menu (${id})?`
    )
    let dialogs = 0
    d.page.on('dialog', () => dialogs++)
    await submitWith(d.page, d.page.getByRole('button', { name: 'Reboot', exact: true }))
    expect(dialogs).toBe(0)
    // Where the node's power buttons are, as after the Power tab's own buttons.
    expect(new URL(d.page.url()).pathname).toBe(`/ui/nodes/${id}/power`)
    await expect(d.page.getByRole('status').first().textContent()).resolves.toContain(
      'is rebooting'
    )
    await d.page.locator('h1 [data-field="state"]', { hasText: /^running$/ }).waitFor()
  })

  it("another account's node cannot be powered or rebuilt from the dashboard", async () => {
    await createTestUser(d.server.dataDir, 'stranger@example.com')
    const stranger = api(
      d.server.url,
      (await createTestKey(d.server.dataDir, 'read_write', 'stranger@example.com')).key
    )
    const theirs = (await stranger.post('/nodes', { name: 'theirs' })).body.id as string
    await eventually(async () =>
      (await stranger.get(`/nodes/${theirs}`)).body.status === 'running' ? true : undefined
    )
    expect((await d.page.goto(`/ui/nodes/${theirs}`))!.status()).toBe(404)
    expect((await d.page.goto(`/ui/nodes/${theirs}/confirm-power/reboot`))!.status()).toBe(404)
    expect((await d.page.goto(`/ui/nodes/${theirs}/confirm-rebuild`))!.status()).toBe(404)
    // Forged form posts: the dashboard's own forms, pointed at the stranger's node.
    for (const action of ['power/poweroff', 'rebuild']) {
      await d.page.goto('/ui/nodes')
      const answer = d.page.waitForResponse((res) => res.url().endsWith(`/${action}`))
      await d.page.evaluate(
        ([id, path]) => {
          const form = document.createElement('form')
          form.method = 'post'
          form.action = `/ui/nodes/${id}/${path}`
          const token = document.querySelector('meta[name="csrf-token"]')!.getAttribute('content')!
          form.innerHTML = `<input type="hidden" name="_csrf" value="${token}">`
          document.body.append(form)
          form.submit()
        },
        [theirs, action]
      )
      expect((await answer).status()).toBe(404)
      await d.page.getByRole('heading', { name: 'Not found' }).waitFor()
      await expect(d.page.getByText('theirs').count()).resolves.toBe(0)
    }
    const after = (await stranger.get(`/nodes/${theirs}`)).body
    expect(after.power_state).toBe('on')
    const events = await stranger.get(
      `/api/v1/events?resource_id=${theirs}&type=node.action_started`
    )
    expect(events.body.events).toEqual([])
  })

  it('an open page shows a reboot started elsewhere live: rebooting, then on', async () => {
    const id = await runningNode('watched')
    await d.page.goto(`/ui/nodes/${id}`)
    await expect(headingPower().textContent()).resolves.toBe('running')
    await mark()
    // The long-poll wakes on the account's next event: the action's, recorded when accepted.
    expect((await d.client.post(`/api/v1/nodes/${id}/actions/reboot`)).status).toBe(202)
    await d.page.locator('h1 [data-field="state"]', { hasText: /^rebooting$/ }).waitFor()
    await d.page.locator('h1 [data-field="state"]', { hasText: /^running$/ }).waitFor()
    expect(await marked()).toBe(7)
  })
})

describe('Rebuild on Node Details', () => {
  it('asks on its own page, refuses bad user data beside it, then shows the new root password once', async () => {
    const id = await runningNode('rebuilt')
    await powerTab(id)
    await d.page.locator('#rebuild').getByRole('link', { name: 'Rebuild…' }).click()
    await d.page.waitForURL(`**/ui/nodes/${id}/confirm-rebuild`)
    await expect(d.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `Rebuild node rebuilt (${id})?`
    )
    await expect(d.page.locator('main').textContent()).resolves.toContain(
      "Everything on the node's disk is wiped"
    )
    const rebuild = d.page.getByRole('button', { name: `Rebuild node rebuilt (${id})` })
    const userData = d.page.getByLabel('New user data (optional)')
    await userData.fill('echo no shebang')
    await submitWith(d.page, rebuild)
    await expect(d.page.locator('#rebuild-user-data-error').textContent()).resolves.toContain(
      'must start with `#!`'
    )
    await expect(userData.inputValue()).resolves.toBe('echo no shebang')
    expect((await d.client.get(`/nodes/${id}`)).body.power_state).toBe('on')

    const before = (await d.client.get(`/api/v1/nodes/${id}/credentials`)).body.password
    await userData.fill('#!/bin/sh\necho again > /root/again.txt\n')
    let dialogs = 0
    d.page.on('dialog', () => dialogs++)
    await submitWith(d.page, rebuild)
    expect(dialogs).toBe(0)
    expect(new URL(d.page.url()).pathname).toBe(`/ui/nodes/${id}/power`)
    await expect(d.page.getByRole('status').first().textContent()).resolves.toContain(
      'is rebuilding'
    )
    await expect(headingPower().textContent()).resolves.toBe('rebuilding')
    const shown = await d.page.locator('#new-root-password').textContent()
    await screenshot(d.page, 'node-power--new-root-password')
    const after = (await d.client.get(`/api/v1/nodes/${id}/credentials`)).body.password
    expect(shown).toBe(after)
    expect(after).not.toBe(before)
    expect((await d.client.get(`/api/v1/nodes/${id}/user-data`)).body.user_data).toBe(
      '#!/bin/sh\necho again > /root/again.txt\n'
    )
    await mark()
    await d.page.locator('h1 [data-field="state"]', { hasText: /^running$/ }).waitFor()
    await d.page.locator('#rebuild').getByRole('link', { name: 'Rebuild…' }).waitFor()
    expect(await marked()).toBe(7)

    // Shown once: the page loaded again no longer has it.
    await d.page.reload()
    await expect(d.page.locator('#new-root-password').count()).resolves.toBe(0)
    await expect(d.page.content()).resolves.not.toContain(after)
  })
})
