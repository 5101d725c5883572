/** Writes the errors table of docs/api.md from server/http/error-codes.ts: `npm run gen:errors`. */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { withErrorTable } from '../http/error-table.js'

const file = fileURLToPath(new URL('../../docs/api.md', import.meta.url))
writeFileSync(file, withErrorTable(readFileSync(file, 'utf8')))
console.log(`wrote the errors table of ${file}`)
