/**
 * Writes the provider's registry pages into docs/resources and docs/data-sources:
 * `npm run gen:provider-docs`. test/unit/provider-docs.test.ts fails when they drift.
 * @module
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { renderAll, ROOT } from './render.js'

for (const dir of ['docs/resources', 'docs/data-sources'])
  rmSync(join(ROOT, dir), { recursive: true, force: true })
for (const [path, text] of renderAll()) {
  mkdirSync(dirname(join(ROOT, path)), { recursive: true })
  writeFileSync(join(ROOT, path), text)
  console.log(`wrote ${path}`)
}
