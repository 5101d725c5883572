import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Hono } from 'hono'
import type { DashEnv } from './context.js'

interface Asset {
  body: string
  type: string
  /** Content hash: the URL changes with the file, so browsers may cache it for good. */
  version: string
}

function asset(body: string, type: string): Asset {
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

const ASSETS = {
  'app.css': load('app.css', CSS),
  'app.js': load('app.js', JS),
  // The header's logo and the favicon: one small SVG, no .ico, nothing from another site.
  'logo.svg': load('logo.svg', 'image/svg+xml'),
  // The Console tab's terminal: xterm.js and its fit addon, and the page's own script.
  'xterm.js': fromPackage('@xterm/xterm/lib/xterm.js', JS),
  'xterm.css': fromPackage('@xterm/xterm/css/xterm.css', CSS),
  'addon-fit.js': fromPackage('@xterm/addon-fit/lib/addon-fit.js', JS),
  'console.js': load('console.js', JS),
} satisfies Record<string, Asset>

export type AssetName = keyof typeof ASSETS

/** The versioned URL of a static asset, for `<link>`, `<script>` and `<img>`. */
export function assetUrl(name: AssetName): string {
  return `/ui/static/${name}?v=${ASSETS[name].version}`
}

/** Serves the dashboard's CSS, JavaScript and logo; there is no build step. */
export function mountStatic(app: Hono<DashEnv>): void {
  app.get('/ui/static/:name', (c) => {
    const name = c.req.param('name')
    if (!Object.hasOwn(ASSETS, name)) return c.notFound()
    const asset = ASSETS[name as AssetName]
    const immutable = c.req.query('v') === asset.version
    return c.body(asset.body, 200, {
      'Content-Type': asset.type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
  })
}
