/**
 * Node Details' Console tab: a terminal (xterm.js and its font, served from node_modules) connected to the
 * node's console socket. The page asks for each URL with the session and its CSRF token
 * (`POST /ui/api/nodes/:id/console`), and asks again when the socket closes, so the terminal
 * comes back by itself after a reboot. static/console.js does the connecting.
 * @module
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { requestConsole } from '../console/console.service.js'
import { publicBase } from '../http/public-url.js'
import { getNode } from '../nodes/nodes.service.js'
import type { Node } from '../nodes/nodes.schema.js'
import { Alert } from './components/ui.js'
import { PowerBadge, StatusBadge } from './components/status.js'
import { attempt, sessionOf, type DashEnv } from './context.js'
import { CONSOLE_CSP } from './csp.js'
import { renderPage } from './render.js'
import { assetUrl } from './static.js'
import { TERMINAL_FONT_FAMILY } from './terminal-font.js'
import { NodeTabs } from './node-tabs.js'

const detailsUrl = (id: string) => `/ui/nodes/${encodeURIComponent(id)}`

function ConsoleSection(props: { node: Node; supported: boolean }) {
  if (!props.supported)
    return (
      <Alert kind="warn">
        This server's driver opens no consoles (the podman and incus drivers do). Log in over SSH
        with the credentials on the Overview tab.
      </Alert>
    )
  return (
    <section id="node-console" aria-labelledby="console-heading" data-node-id={props.node.id}>
      <h2 id="console-heading" class="visually-hidden">
        Console
      </h2>
      <p id="console-state" class="console-state" role="status" data-state="connecting">
        Connecting…
      </p>
      <div id="terminal" class="terminal" data-font-family={TERMINAL_FONT_FAMILY}></div>
      <p class="small muted">
        A root shell in the node through its engine, with no login: it needs neither sshd nor a
        network inside the node. After a reboot it reconnects by itself. Each session is recorded in
        the node's events.
      </p>
      {/* Before the scripts: a deferred script waits for the stylesheets above it. */}
      <link rel="stylesheet" href={assetUrl('xterm.css')} />
      <link rel="stylesheet" href={assetUrl('terminal-font.css')} />
      <script src={assetUrl('xterm.js')} defer></script>
      <script src={assetUrl('addon-fit.js')} defer></script>
      <script src={assetUrl('terminal.js')} defer></script>
      <script src={assetUrl('console.js')} defer></script>
    </section>
  )
}

/** `/ui/nodes/:id/console` and the URL its script asks for. */
export function nodeConsoleRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/nodes/:id/console', async (c) => {
    const node = await getNode(deps, sessionOf(c).user.accountId, c.req.param('id'))
    const title = node.name ?? node.id
    const body = (
      <>
        <p class="breadcrumb">
          <a href="/ui/nodes">Nodes</a> / <a href={detailsUrl(node.id)}>{title}</a> / Console
        </p>
        <h1>
          {title} <StatusBadge status={node.status} /> <PowerBadge state={node.power_state} />
        </h1>
        <NodeTabs nodeId={node.id} current="console" />
        <ConsoleSection node={node} supported={deps.worker.canConsole} />
      </>
    )
    c.header('Content-Security-Policy', CONSOLE_CSP)
    return renderPage(c, { title: `Console of ${title}`, nav: 'nodes', body })
  })

  // A POST under /ui: the session's CSRF token must come with it (csrf.ts). JSON either way.
  app.post('/ui/api/nodes/:id/console', async (c) => {
    const { user, tokenHash } = sessionOf(c)
    const base = publicBase(c, deps.config)
    // The login goes with the URL: logging out (or a new password) ends the session.
    const result = await attempt(() =>
      requestConsole(deps, user.accountId, c.req.param('id'), base, tokenHash)
    )
    c.header('Cache-Control', 'no-store')
    if (result.ok) return c.json(result.value, 201)
    const { status, code, message } = result.problem
    return c.json({ code, detail: message }, status)
  })

  return app
}
