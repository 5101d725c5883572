import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Hono } from 'hono'
import type { DashEnv } from './context.js'

interface Asset {
  body: string
  type: string
  /** Content hash: the URL changes with the file, so browsers may cache it for good. */
  version: string
}

function load(name: string, type: string): Asset {
  const body = readFileSync(new URL(`./static/${name}`, import.meta.url), 'utf8')
  return { body, type, version: createHash('sha256').update(body).digest('hex').slice(0, 12) }
}

const ASSETS: Record<string, Asset> = {
  'app.css': load('app.css', 'text/css; charset=utf-8'),
  'app.js': load('app.js', 'text/javascript; charset=utf-8'),
  // The header's logo and the favicon: one small SVG, no .ico, nothing from another site.
  'logo.svg': load('logo.svg', 'image/svg+xml'),
}

/** The versioned URL of a static asset, for `<link>`, `<script>` and `<img>`. */
export function assetUrl(name: 'app.css' | 'app.js' | 'logo.svg'): string {
  return `/ui/static/${name}?v=${ASSETS[name]!.version}`
}

/** Serves the dashboard's CSS, JavaScript and logo; there is no build step. */
export function mountStatic(app: Hono<DashEnv>): void {
  app.get('/ui/static/:name', (c) => {
    const asset = ASSETS[c.req.param('name')]
    if (!asset) return c.notFound()
    const immutable = c.req.query('v') === asset.version
    return c.body(asset.body, 200, {
      'Content-Type': asset.type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
  })
}
