/**
 * Writes a generated host catalog as JSON: `tsx server/scripts/gen-catalog.ts [count] [file]`.
 * Without arguments it rewrites the bundled default catalog.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { generateCatalog } from '../compute-hosts/catalog-generator.js'

const count = Number(process.argv[2] ?? 500)
const file =
  process.argv[3] ??
  fileURLToPath(new URL('../compute-hosts/default-catalog.json', import.meta.url))
writeFileSync(file, `${JSON.stringify(generateCatalog(count), null, 1)}\n`)
console.log(`wrote ${count} hosts to ${file}`)
