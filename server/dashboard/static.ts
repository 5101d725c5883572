import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Hono } from 'hono'
import type { DashEnv } from './context.js'
import { loadTerminalFont } from './terminal-font.js'

interface Asset {
  body: string | Uint8Array<ArrayBuffer>
  type: string
  /** Content hash: the URL changes with the file, so browsers may cache it for good. */
  version: string
}

function asset(body: string | Uint8Array<ArrayBuffer>, type: string): Asset {
  return { body, type, version: createHash('sha256').update(body).digest('hex').slice(0, 12) }
}

function load(name: string, type: string): Asset {
  return asset(readFileSync(new URL(`./static/${name}`, import.meta.url), 'utf8'), type)
}

/** A file of an npm package, served from node_modules as it was installed (no bundling). */
function fromPackage(specifier: string, type: string): Asset {
  return asset(readFileSync(createRequire(import.meta.url).resolve(specifier), 'utf8'), type)
}

const JS = 'text/javascript; charset=utf-8'
const CSS = 'text/css; charset=utf-8'

const versioned = (name: string, asset: Asset) => `/ui/static/${name}?v=${asset.version}`

// The terminal's font files, and the @font-face rules that name them by their versioned URLs.
const terminalFont = loadTerminalFont()
const FONT_FILES = new Map(
  // A copy: a read file's bytes may share a pooled buffer, which Hono's body type refuses.
  [...terminalFont.files].map(([name, body]) => [name, asset(new Uint8Array(body), 'font/woff2')])
)
const fontCss = terminalFont.css((name) => versioned(name, FONT_FILES.get(name)!))

const ASSETS = {
  'app.css': load('app.css', CSS),
  'app.js': load('app.js', JS),
  // The header's logo and the favicon: one small SVG, no .ico, nothing from another site.
  'logo.svg': load('logo.svg', 'image/svg+xml'),
  // The Console tab's terminal: xterm.js and its fit addon, its font, and the page's scripts.
  'xterm.js': fromPackage('@xterm/xterm/lib/xterm.js', JS),
  'xterm.css': fromPackage('@xterm/xterm/css/xterm.css', CSS),
  'addon-fit.js': fromPackage('@xterm/addon-fit/lib/addon-fit.js', JS),
  'terminal-font.css': asset(fontCss, CSS),
  'terminal.js': load('terminal.js', JS),
  'console.js': load('console.js', JS),
} satisfies Record<string, Asset>

export type AssetName = keyof typeof ASSETS

/** The versioned URL of a static asset, for `<link>`, `<script>` and `<img>`. */
export function assetUrl(name: AssetName): string {
  return versioned(name, ASSETS[name])
}

/** A named asset, or a font file of the terminal's. */
function assetNamed(name: string): Asset | undefined {
  return Object.hasOwn(ASSETS, name) ? ASSETS[name as AssetName] : FONT_FILES.get(name)
}

/** Serves the dashboard's CSS, JavaScript, logo and fonts; there is no build step. */
export function mountStatic(app: Hono<DashEnv>): void {
  app.get('/ui/static/:name', (c) => {
    const asset = assetNamed(c.req.param('name'))
    if (!asset) return c.notFound()
    const immutable = c.req.query('v') === asset.version
    return c.body(asset.body, 200, {
      'Content-Type': asset.type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
  })
}
