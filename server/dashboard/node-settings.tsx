import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { parseInput } from '../http/router.js'
import { PutNodeSshKeysBody } from '../nodes/node-access.schema.js'
import { putNodeSshKeys } from '../nodes/node-access.service.js'
import { UpdateNodeBody } from '../nodes/nodes.schema.js'
import { updateNode } from '../nodes/nodes.update.js'
import { accessFromForm } from './components/ssh-access.js'
import { attempt, field, rawField, sessionOf, toFormPage, type DashEnv } from './context.js'
import { setFlash } from './flash.js'
import { parseLabelLines } from './labels.js'
import { nodeTabPage } from './node-details.js'
import { nodeTabUrl } from './node-tabs.js'

/** The Settings tab's forms: name and labels, and SSH access, changed in place. */
export function nodeSettingsRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  const settingsOf = (id: string) => nodeTabUrl(id, 'settings')
  for (const path of ['/ui/nodes/:id/labels', '/ui/nodes/:id/ssh-keys'])
    app.get(
      path,
      toFormPage((c) => settingsOf(c.req.param('id') ?? ''))
    )

  app.post('/ui/nodes/:id/labels', async (c) => {
    const id = c.req.param('id')
    const form = await c.req.parseBody()
    const typed = { name: field(form, 'name'), labels: rawField(form, 'labels') }
    const result = await attempt(() => {
      const body = parseInput(UpdateNodeBody, {
        name: typed.name === '' ? null : typed.name,
        labels: parseLabelLines(typed.labels),
      })
      return updateNode(deps, sessionOf(c).user.accountId, id, body)
    })
    if (!result.ok)
      return nodeTabPage(deps, c, 'settings', { form: 'labels', problem: result.problem, ...typed })
    setFlash(c, 'ok', 'Saved the name and labels.')
    return c.redirect(settingsOf(id), 303)
  })

  app.post('/ui/nodes/:id/ssh-keys', async (c) => {
    const id = c.req.param('id')
    const access = accessFromForm(await c.req.parseBody({ all: true }))
    const result = await attempt(() =>
      putNodeSshKeys(deps, sessionOf(c).user.accountId, id, parseInput(PutNodeSshKeysBody, access))
    )
    if (!result.ok)
      return nodeTabPage(deps, c, 'settings', { form: 'ssh', problem: result.problem, ...access })
    const node = result.value
    const keys = node.ssh_keys.length === 1 ? '1 key' : `${node.ssh_keys.length} keys`
    setFlash(
      c,
      'ok',
      `Saved SSH access: ${keys}, password login ${node.password_login ? 'on' : 'off'}.`
    )
    return c.redirect(settingsOf(id), 303)
  })

  return app
}
