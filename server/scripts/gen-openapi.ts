/** Writes docs/api/openapi.json from the routes' zod schemas: `npm run gen:openapi`. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openApiDocumentText } from './openapi-document.js'

const file = fileURLToPath(new URL('../../docs/api/openapi.json', import.meta.url))
mkdirSync(fileURLToPath(new URL('../../docs/api', import.meta.url)), { recursive: true })
writeFileSync(file, openApiDocumentText())
console.log(`wrote ${file}`)
