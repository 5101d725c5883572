// The Console tab (node-console.tsx): an xterm.js terminal on the node's console socket. It
// asks the dashboard for a one-time URL, sends the password as the first frame, then raw
// bytes both ways and {"resize":[cols,rows]} whenever the terminal's size changes. When the
// socket closes (a reboot, the shell's exit) it asks for a new URL and connects again.
// terminal.js opens the terminal itself.
;(async () => {
  'use strict'

  const section = document.getElementById('node-console')
  if (!section || !window.Terminal || !window.FitAddon || !window.openTerminal) return
  const nodeId = section.dataset.nodeId
  const stateLine = document.getElementById('console-state')
  const csrfToken = document.querySelector('meta[name="csrf-token"]')?.content ?? ''
  const encoder = new TextEncoder()

  const term = await window.openTerminal(document.getElementById('terminal'))

  const FINAL_CLOSES = {
    4003: 'Your access ended (you logged out, or the password changed): reload the page.',
    4008: 'The session reached its maximum length: reload the page to open a new one.',
    4029: 'Too many console sessions are open: close one, then reload the page.',
  }

  let socket
  let failures = 0
  let stopped = false

  function show(state, text) {
    stateLine.dataset.state = state
    stateLine.textContent = text
  }

  const open = () => socket && socket.readyState === WebSocket.OPEN
  const sendSize = () => open() && socket.send(JSON.stringify({ resize: [term.cols, term.rows] }))
  term.onData((data) => open() && socket.send(encoder.encode(data)))
  // Bytes xterm.js does not hand over as text (some mouse reports): one byte per character.
  term.onBinary((data) => open() && socket.send(Uint8Array.from(data, (c) => c.charCodeAt(0))))
  term.onResize(sendSize)

  /** Tries again after a pause that grows with each failure, up to 10 seconds. */
  function retry(text) {
    if (stopped) return
    const seconds = Math.min(2 ** failures, 10)
    failures += 1
    show('waiting', `${text} Trying again in ${seconds} s…`)
    setTimeout(connect, seconds * 1000)
  }

  function stop(text) {
    stopped = true
    show('stopped', text)
  }

  async function requestUrl() {
    const response = await fetch(`/ui/api/nodes/${encodeURIComponent(nodeId)}/console`, {
      method: 'POST',
      headers: { 'X-CSRF-Token': csrfToken, Accept: 'application/json' },
    })
    const body = await response.json().catch(() => ({}))
    return { status: response.status, body }
  }

  async function connect() {
    show('connecting', 'Connecting…')
    let answer
    try {
      answer = await requestUrl()
    } catch {
      return retry('The server cannot be reached.')
    }
    const { status, body } = answer
    if (status === 404) return stop('This node no longer exists.')
    if (status === 401 || status === 403) return stop('Your session ended: reload the page.')
    if (status === 409 && body.code === 'console_unsupported') return stop(body.detail)
    if (status === 409 && body.code === 'console_session_limit')
      return stop(`${body.detail}, then reload the page.`)
    if (status !== 201)
      return retry(body.detail ? `${body.detail}.` : 'The console is not available.')
    attach(body.url, body.password)
  }

  function attach(url, password) {
    const ws = new WebSocket(url)
    ws.binaryType = 'arraybuffer'
    let connected = false
    socket = ws
    ws.addEventListener('open', () => ws.send(password))
    ws.addEventListener('message', (event) => {
      if (typeof event.data === 'string') return
      if (!connected) {
        connected = true
        failures = 0
        show('connected', 'Connected')
        sendSize()
      }
      term.write(new Uint8Array(event.data))
    })
    ws.addEventListener('close', (event) => {
      if (socket === ws) socket = undefined
      if (event.code === 4004) return stop('This node no longer exists.')
      // Ends a new URL would not mend (docs/api.md lists the codes).
      if (event.code in FINAL_CLOSES) return stop(FINAL_CLOSES[event.code])
      const why = connected
        ? 'The console closed (the shell ended, or the node restarted).'
        : 'The console did not open.'
      retry(why)
    })
    term.focus()
  }

  connect()
})()
