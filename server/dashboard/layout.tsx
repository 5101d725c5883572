import type { Child } from 'hono/jsx'
import { raw } from 'hono/html'
import type { Session } from '../accounts/sessions.service.js'
import { Alert, PostForm } from './components/ui.js'
import type { Flash } from './flash.js'
import { assetUrl } from './static.js'

/** The sections of the navigation bar; pages name theirs to mark it current. */
export type NavKey =
  'nodes' | 'vpcs' | 'firewalls' | 'hosts' | 'activity' | 'billing' | 'keys' | 'account'

const NAV: { key: NavKey; href: string; label: string }[] = [
  { key: 'nodes', href: '/ui/nodes', label: 'Nodes' },
  { key: 'vpcs', href: '/ui/vpcs', label: 'VPCs' },
  { key: 'firewalls', href: '/ui/firewalls', label: 'Firewalls' },
  { key: 'hosts', href: '/ui/hosts', label: 'Compute hosts' },
  { key: 'activity', href: '/ui/activity', label: 'Activity' },
  { key: 'billing', href: '/ui/billing', label: 'Billing' },
  { key: 'keys', href: '/ui/settings/keys', label: 'Developer settings' },
  { key: 'account', href: '/ui/account', label: 'Account' },
]

function MainNav(props: { nav?: NavKey }) {
  return (
    <nav aria-label="Main">
      <ul>
        {NAV.map((item) => (
          <li>
            <a href={item.href} aria-current={item.key === props.nav ? 'page' : undefined}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Logout(props: { session: Session }) {
  return (
    <PostForm action="/ui/logout" csrf={props.session.csrfToken} class="logout">
      <span class="muted">{props.session.user.email}</span>{' '}
      <button class="button-small">Log out</button>
    </PostForm>
  )
}

/**
 * The header. On a phone the navigation and the logout fold behind a Menu button (a
 * details/summary, so no script is needed); wide screens show them in the bar. The two copies
 * are never shown together (app.css), so assistive tech meets one.
 */
function Header(props: { session?: Session; nav?: NavKey }) {
  const { session } = props
  // A one-time password must be replaced before any page opens: no links lead away.
  const links = session && !session.user.passwordMustChange
  return (
    <header class="top">
      <a class="brand" href="/ui">
        {/* The word beside it names the link, so the image itself is decoration. */}
        <img src={assetUrl('logo.svg')} alt="" width={28} height={28} />
        nodeplane
      </a>
      {session && (
        <div class="wide-only header-bar">
          {links && <MainNav nav={props.nav} />}
          <Logout session={session} />
        </div>
      )}
      {session && (
        <details class="phone-only header-menu">
          <summary>Menu</summary>
          {links && <MainNav nav={props.nav} />}
          <Logout session={session} />
        </details>
      )}
    </header>
  )
}

/** The HTML shell of every dashboard page: head, header and navigation, flash message. */
export function Layout(props: {
  title: string
  session?: Session
  nav?: NavKey
  flash?: Flash
  children?: Child
}) {
  return (
    <>
      {raw('<!doctype html>')}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          {props.session && <meta name="csrf-token" content={props.session.csrfToken} />}
          <title>{`${props.title} · nodeplane`}</title>
          <link rel="icon" type="image/svg+xml" href={assetUrl('logo.svg')} />
          <link rel="stylesheet" href={assetUrl('app.css')} />
          <script src={assetUrl('app.js')} defer></script>
        </head>
        <body>
          <a class="skip" href="#main">
            Skip to content
          </a>
          <Header session={props.session} nav={props.nav} />
          <main id="main" tabindex={-1}>
            {props.flash && <Alert kind={props.flash.kind}>{props.flash.text}</Alert>}
            {props.children}
          </main>
          <footer>
            <a href="/docs">API reference</a> · <a href="/openapi.json">OpenAPI document</a>
          </footer>
          <div id="announcer" class="visually-hidden" aria-live="polite"></div>
        </body>
      </html>
    </>
  )
}
