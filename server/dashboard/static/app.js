// The dashboard's only script: confirm dialogs, copy buttons, revealing the root password,
// and live node status. Pages work without it, except reveal and copy.
;(() => {
  'use strict'

  const csrfToken = () => document.querySelector('meta[name="csrf-token"]')?.content ?? ''
  const CHANGING = new Set(['provisioning', 'deleting'])
  // Power states a node leaves by itself: a table holding one keeps listening.
  const POWER_CHANGING = new Set(['rebooting', 'rebuilding'])

  /** Tells screen-reader users what changed, through the page's polite live region. */
  function announce(text) {
    const region = document.getElementById('announcer')
    if (!region) return
    region.textContent = ''
    setTimeout(() => (region.textContent = text), 50)
  }

  // Forms with data-confirm ask first (revoke key, delete VPC, SSH key, webhook, firewall); Node
  // Details asks on confirmation pages instead, as the nodes table's menu does.
  document.addEventListener('submit', (event) => {
    const message = event.target.dataset?.confirm
    if (message && !window.confirm(message)) event.preventDefault()
  })

  // Forms marked data-autosubmit (the create page's region) reload as soon as they change.
  document.addEventListener('change', (event) => {
    const form = event.target.closest?.('form[data-autosubmit]')
    if (form) form.requestSubmit()
    // The create page's summary follows the chosen size, so the price is seen before the click.
    const summary = event.target.dataset?.summary
    const target = summary && event.target.form?.querySelector('[data-summary-target]')
    if (target) target.textContent = summary
    followKeys(event.target)
  })

  // A new node's password switch follows its keys (off with a key, on without), as the API's
  // default does, until the user sets it: then it is theirs.
  function followKeys(input) {
    const form = input.form
    const toggle = form?.querySelector('input[data-follows-keys]')
    if (!toggle) return
    if (input === toggle) {
      delete toggle.dataset.followsKeys
      return
    }
    if (input.name !== 'ssh_keys') return
    toggle.checked = !form.querySelector('input[name="ssh_keys"]:checked')
  }

  // A form in flight takes no second click. Disabled after this tick, so the clicked button's
  // name and value still go with the form; the server's one-time token covers the rest.
  document.addEventListener('submit', (event) => {
    if (event.defaultPrevented) return
    const form = event.target
    setTimeout(() => {
      form.setAttribute('aria-busy', 'true')
      for (const button of form.querySelectorAll('button')) {
        button.dataset.wasDisabled = String(button.disabled)
        button.disabled = true
      }
    })
  })
  // Back to a page kept in the browser's cache: its forms are usable again.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return
    for (const form of document.querySelectorAll('form[aria-busy="true"]')) {
      form.removeAttribute('aria-busy')
      for (const button of form.querySelectorAll('button'))
        button.disabled = button.dataset.wasDisabled === 'true'
    }
  })

  // Secrets are fetched on demand with the session's CSRF token, so they are never in the HTML.
  const secrets = new Map()
  async function secret(url) {
    if (!secrets.has(url)) {
      const res = await fetch(url, {
        headers: { 'X-CSRF-Token': csrfToken(), Accept: 'application/json' },
      })
      if (!res.ok) throw new Error(`the server answered ${res.status}`)
      secrets.set(url, (await res.json()).password)
    }
    return secrets.get(url)
  }

  async function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text)
    // Plain http on a non-local address has no Clipboard API; the old command still works.
    const area = document.createElement('textarea')
    area.value = text
    area.className = 'visually-hidden'
    document.body.append(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    if (!ok) throw new Error('the browser refused to copy')
  }

  function flashLabel(button, text) {
    button.dataset.label ??= button.textContent
    button.textContent = text
    announce(text)
    setTimeout(() => (button.textContent = button.dataset.label), 2000)
  }

  async function onCopy(button) {
    const { copyText, copyTarget, secretUrl } = button.dataset
    try {
      const text = secretUrl
        ? await secret(secretUrl)
        : (copyText ?? document.querySelector(copyTarget).textContent.trim())
      await copy(text)
      flashLabel(button, 'Copied ✓')
    } catch (err) {
      flashLabel(button, 'Copy failed')
      console.error(err)
    }
  }

  async function onReveal(button) {
    const target = document.querySelector(button.dataset.reveal)
    if (button.getAttribute('aria-pressed') === 'true') {
      target.textContent = target.dataset.hiddenText
      button.setAttribute('aria-pressed', 'false')
      button.textContent = 'Reveal'
      return
    }
    try {
      target.textContent = await secret(target.dataset.secretUrl)
      button.setAttribute('aria-pressed', 'true')
      button.textContent = 'Hide'
    } catch (err) {
      target.textContent = `could not load the password (${err.message})`
    }
  }

  // Row menus (<details data-row-menu>) open and close by themselves; this only closes them
  // on Escape (back to their summary) and on a click elsewhere, and keeps one open at a time.
  document.addEventListener('keydown', (event) => {
    const menu = event.key === 'Escape' && event.target.closest?.('details[data-row-menu][open]')
    if (!menu) return
    menu.open = false
    menu.querySelector('summary').focus()
  })
  document.addEventListener('click', (event) => {
    for (const menu of document.querySelectorAll('details[data-row-menu][open]')) {
      if (!menu.contains(event.target)) menu.open = false
    }
  })
  document.addEventListener(
    'toggle',
    (event) => {
      if (!event.target.matches?.('details[data-row-menu]') || !event.target.open) return
      for (const other of document.querySelectorAll('details[data-row-menu][open]')) {
        if (other !== event.target) other.open = false
      }
    },
    true
  )

  // An empty list's "create your first" link jumps to the form below; focusing its first field
  // lets typing start at once (without this script the link still scrolls there).
  document.addEventListener('click', (event) => {
    const link = event.target.closest?.('a[data-focus-target]')
    if (link) setTimeout(() => document.getElementById(link.hash.slice(1))?.focus())
  })

  document.addEventListener('click', (event) => {
    const button = event.target.closest?.('button')
    if (!button) return
    if (button.dataset.reveal) onReveal(button)
    else if ('copyText' in button.dataset || button.dataset.copyTarget || button.dataset.secretUrl)
      onCopy(button)
  })

  // Live status: while any node on the page is changing (and on a node's own page for as long
  // as the node exists), long-poll the dashboard's JSON (the server answers when the account's
  // next event commits) and update badges, addresses and buttons in place, without reloading.
  function setAll(scope, fieldName, update) {
    scope.querySelectorAll(`[data-field="${fieldName}"]`).forEach(update)
  }

  /** A running node that is not simply on reads as its power state, as nodeState (status.tsx). */
  function stateOf(node) {
    if (!node) return 'deleted'
    return node.status === 'running' && node.power_state !== 'on' ? node.power_state : node.status
  }

  function apply(element, node) {
    const status = node ? node.status : 'deleted'
    const before = element.dataset.status
    element.dataset.status = status
    setAll(element, 'status', (badge) => {
      badge.textContent = status
      badge.className = `badge badge-${status}`
    })
    setAll(element, 'state', (badge) => {
      badge.textContent = stateOf(node)
      badge.className = `badge badge-${stateOf(node)}`
    })
    // A power action offered for the node as it was is no action once it is gone.
    if (status !== 'running')
      element.querySelectorAll('[data-power-action]').forEach((item) => (item.hidden = true))
    setAll(element, 'power_state', (badge) => {
      if (!node) return
      badge.textContent = node.power_state
      badge.className = `badge badge-power-${node.power_state}`
    })
    setAll(element, 'ip_address', (cell) => (cell.textContent = node?.ip_address ?? '–'))
    setAll(element, 'stuck', (warning) => (warning.hidden = !node?.stuck))
    setAll(
      element,
      'ssh_command',
      (code) => (code.textContent = node?.ssh_command ?? code.dataset.empty)
    )
    setAll(element, 'cost', (cost) => {
      if (node?.cost) cost.textContent = node.cost
      cost.dataset.status = status
    })
    element.querySelectorAll('[data-enable-when]').forEach((control) => {
      const on = control.dataset.enableWhen === status
      if (control.tagName === 'BUTTON') control.disabled = !on
      else control.hidden = !on
    })
    const power = powerChanged(element, node)
    if (before !== status) {
      announce(`Node ${element.dataset.nodeId} is now ${status}.`)
      element.querySelectorAll('[data-refresh][id]').forEach(refresh)
      if ('watchDeletion' in element.dataset) noticeDeletion(element, status)
    } else if (power) {
      announce(`Node ${element.dataset.nodeId} is now ${node.power_state}.`)
      element.querySelectorAll('[data-refresh][id]').forEach(refresh)
    } else if (userDataChanged(element, node)) {
      announce(`The user data of node ${element.dataset.nodeId} is now ${node.user_data_status}.`)
      element.querySelectorAll('[data-refresh][id]').forEach(refresh)
    }
  }

  /** A reboot or power action changes the power state while the status stays `running`. */
  function powerChanged(element, node) {
    if (!node || !('powerState' in element.dataset)) return false
    if (element.dataset.powerState === node.power_state) return false
    element.dataset.powerState = node.power_state
    return true
  }

  /** A node page notices its user data finishing, which leaves the node's status as it was. */
  function userDataChanged(element, node) {
    if (!node || !('userDataStatus' in element.dataset)) return false
    const now = node.user_data_status ?? ''
    if (element.dataset.userDataStatus === now) return false
    element.dataset.userDataStatus = now
    return true
  }

  /** A node page whose node is deleted elsewhere says so in its live region, with a way back. */
  function noticeDeletion(element, status) {
    const template = element.querySelector(`template[data-gone-notice="${status}"]`)
    const region = element.querySelector('#node-gone')
    // This page's own delete form is in flight: the next page says what happened.
    if (document.querySelector('form[aria-busy="true"]')) return
    if (template && region) region.replaceChildren(template.content.cloneNode(true))
  }

  /** Keeps polling while a node changes, and on a node's page until the node is gone. */
  function watched(element) {
    if ('watchDeletion' in element.dataset) return element.dataset.status !== 'deleted'
    return CHANGING.has(element.dataset.status) || POWER_CHANGING.has(element.dataset.powerState)
  }

  /** Replaces a section with its current server rendering, e.g. addresses after provisioning. */
  async function refresh(section) {
    const res = await fetch(location.href, { headers: { Accept: 'text/html' } })
    if (!res.ok) return
    const fresh = new DOMParser()
      .parseFromString(await res.text(), 'text/html')
      .getElementById(section.id)
    if (fresh) section.replaceWith(document.importNode(fresh, true))
  }

  async function poll(url, since) {
    const elements = [...document.querySelectorAll('[data-node-id]')]
    if (!elements.some(watched)) return
    let next = since
    let pause = 1000
    try {
      const query = since === undefined ? '' : `?since=${since}`
      const res = await fetch(url + query, { headers: { Accept: 'application/json' } })
      if (res.ok) {
        const body = await res.json()
        const byId = new Map(body.nodes.map((node) => [node.id, node]))
        elements.forEach((element) => apply(element, byId.get(element.dataset.nodeId)))
        next = body.event_id
        // The server held the request until something happened: ask again at once.
        pause = 100
      }
    } finally {
      setTimeout(() => poll(url, next), pause)
    }
  }

  // Cost so far grows every second at the node's hourly price; each answer corrects any drift.
  function tickCosts() {
    document.querySelectorAll('[data-field="cost"]').forEach((cost) => {
      if (cost.dataset.status !== 'provisioning' && cost.dataset.status !== 'running') return
      const next = Number(cost.textContent) + Number(cost.dataset.hourly) / 3600
      if (Number.isFinite(next)) cost.textContent = next.toFixed(6)
    })
  }

  document.addEventListener('DOMContentLoaded', () => {
    const source = document.querySelector('[data-poll-url]')
    if (source) poll(source.dataset.pollUrl)
    setInterval(tickCosts, 1000)
  })
})()
