import type { Child } from 'hono/jsx'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { DashContext } from './context.js'
import { takeFlash } from './flash.js'
import { Layout, type NavKey } from './layout.js'

/** Renders a page in the layout, with the session's navigation and any pending flash message. */
export function renderPage(
  c: DashContext,
  page: { title: string; nav?: NavKey; status?: ContentfulStatusCode; body: Child }
) {
  return c.html(
    <Layout title={page.title} session={c.get('session')} nav={page.nav} flash={takeFlash(c)}>
      {page.body}
    </Layout>,
    page.status ?? 200
  )
}
