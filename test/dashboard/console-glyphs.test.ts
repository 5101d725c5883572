import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetUrl, type AssetName } from '../../server/dashboard/static.js'
import { TERMINAL_FONT_FAMILY } from '../../server/dashboard/terminal-font.js'
import { eventually } from '../helpers/http.js'
import {
  adminDashboard,
  LAPTOP,
  PHONE,
  screenshotEachTest,
  type AdminDashboard,
} from '../helpers/browser.js'
import { cellOf, lightPixels, terminalOverflow } from '../helpers/terminal-glyphs.js'

// The simulated driver opens no console, so the Console tab shows no terminal: the test puts
// the tab's own terminal (terminal.js, its stylesheets and font, from the server) on that page,
// under its Content-Security-Policy, and writes to it through xterm.js's API.
let d: AdminDashboard
let nodeId: string
/** Every URL the page asked for, and what its Content-Security-Policy refused. */
const requested: string[] = []
const refusals: string[] = []

/** What terminal.js gives the page: xterm.js's Terminal, of which the test writes. */
interface TerminalWindow {
  openTerminal(element: HTMLElement): Promise<{ write(data: string, done: () => void): void }>
}

const STYLES: AssetName[] = ['xterm.css', 'terminal-font.css']
const SCRIPTS: AssetName[] = ['xterm.js', 'addon-fit.js', 'terminal.js']

/** Opens the Console tab with the tab's terminal in it, and writes `lines` to it. */
async function terminalShowing(lines: string[]): Promise<void> {
  await d.page.goto(`/ui/nodes/${nodeId}/console`)
  await d.page.evaluate(
    async ({ styles, scripts, family, text }) => {
      const loaded = (element: HTMLLinkElement | HTMLScriptElement) =>
        new Promise((resolve, reject) => {
          element.onload = resolve
          element.onerror = reject
          document.head.append(element)
        })
      for (const href of styles)
        await loaded(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }))
      for (const src of scripts)
        await loaded(Object.assign(document.createElement('script'), { src }))
      const element = Object.assign(document.createElement('div'), { id: 'terminal' })
      element.className = 'terminal'
      element.dataset.fontFamily = family
      document.querySelector('main')!.append(element)
      const term = await (window as unknown as TerminalWindow).openTerminal(element)
      await new Promise<void>((resolve) => term.write(text, resolve))
      // Drawn on the next frames.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    },
    {
      styles: STYLES.map(assetUrl),
      scripts: SCRIPTS.map(assetUrl),
      family: TERMINAL_FONT_FAMILY,
      text: lines.join('\r\n'),
    }
  )
}

beforeAll(async () => {
  d = await adminDashboard()
  d.page.on('request', (request) => void requested.push(request.url()))
  d.page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refusals.push(message.text())
  })
  nodeId = (await d.client.post('/nodes', { name: 'glyphs' })).body.id as string
  await eventually(async () =>
    (await d.client.get(`/nodes/${nodeId}`)).body.status === 'running' ? true : undefined
  )
}, 60_000)
afterAll(() => d?.close())
screenshotEachTest('console-glyphs', () => d?.page)

describe('the Console tab: every glyph drawn, in the font the server serves', () => {
  it('paints the underscore between a and b, and a line of underscores', async () => {
    await terminalShowing(['a_b', '________', 'x86_64'])
    const underscore = await cellOf(d.page, 'a_b', 1)
    // The cell of "a" has ink (the check can see a glyph at all), and so has the underscore's.
    expect(await lightPixels(d.page, await cellOf(d.page, 'a_b', 0))).toBeGreaterThan(5)
    expect(await lightPixels(d.page, underscore)).toBeGreaterThan(3)
    // Its ink is a stroke low in the cell, under the letters' baseline.
    const lowerHalf = { ...underscore, y: underscore.y + underscore.height / 2 }
    lowerHalf.height = underscore.height / 2
    expect(await lightPixels(d.page, lowerHalf)).toBeGreaterThan(3)
    expect(await lightPixels(d.page, await cellOf(d.page, '________', 4))).toBeGreaterThan(3)
    expect(await lightPixels(d.page, await cellOf(d.page, 'x86_64', 3))).toBeGreaterThan(3)
  })

  it('loads its font from this server alone, before the terminal measures its cells', async () => {
    const font = await d.page.evaluate((family) => {
      const faces = [...document.fonts].filter((face) => face.family.replace(/"/g, '') === family)
      const rows = document.querySelector('#terminal .xterm-rows')!
      return {
        loaded: faces.filter((face) => face.status === 'loaded').length,
        rowsFont: getComputedStyle(rows).fontFamily,
      }
    }, TERMINAL_FONT_FAMILY)
    expect(font.loaded).toBeGreaterThan(0)
    expect(font.rowsFont).toContain(TERMINAL_FONT_FAMILY)
    const origin = new URL(d.server.url).origin
    expect(requested.filter((url) => new URL(url).hostname !== '127.0.0.1')).toEqual([])
    expect(requested).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${origin}/ui/static/jetbrains-mono-latin-400-normal\\.woff2\\?v=\\w+$`)
      )
    )
    expect(refusals).toEqual([])
  })

  it('fits its box: nothing of it reaches below or beside, at laptop and phone widths', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      await d.page.setViewportSize(viewport)
      await terminalShowing(['fits_its_box'])
      const overflow = await terminalOverflow(d.page)
      expect(overflow.bottom).toBeLessThanOrEqual(0)
      expect(overflow.right).toBeLessThanOrEqual(0)
      expect(await lightPixels(d.page, await cellOf(d.page, 'fits_its_box', 4))).toBeGreaterThan(3)
    }
  })
})

describe('the font files', () => {
  it('are served with a font type and cached for good at their versioned URL', async () => {
    const css = await (await fetch(new URL(assetUrl('terminal-font.css'), d.server.url))).text()
    const url = /url\((\/ui\/static\/jetbrains-mono-latin-700-normal\.woff2\?v=\w+)\)/.exec(css)
    expect(url).not.toBeNull()
    const answer = await fetch(new URL(url![1]!, d.server.url))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('font/woff2')
    expect(answer.headers.get('cache-control')).toContain('immutable')
    // A woff2 file starts with its signature, "wOF2".
    expect(
      Buffer.from(await answer.arrayBuffer())
        .subarray(0, 4)
        .toString()
    ).toBe('wOF2')
    const unknown = await fetch(new URL('/ui/static/jetbrains-mono-nothing.woff2', d.server.url))
    expect(unknown.status).toBe(404)
  })
})
