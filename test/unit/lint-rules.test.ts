import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
/** Never written to disk: ESLint lints the text as if it were this store (or this service). */
const PROBE = 'server/vpcs/lint-probe.store.ts'
const SERVICE_PROBE = 'server/vpcs/lint-probe.service.ts'
/** In labels/, a building block that nodes/ imports. */
const LABELS_PROBE = 'server/labels/lint-probe.ts'

/** The repository's own eslint.config.js, told to type-check a file that is not on disk. */
const eslint = new ESLint({
  cwd: REPO,
  overrideConfig: {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [PROBE, SERVICE_PROBE, LABELS_PROBE],
          defaultProject: 'tsconfig.json',
        },
      },
    },
  },
})

async function problems(code: string, probe = PROBE): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPO}${probe}` })
  return result!.messages.map((message) => `${message.line} ${message.ruleId}`)
}

const HEADER = `import type { Db } from '../db/client.js'
import { vpcs } from '../db/schema.js'
`

// Type-aware linting starts a TypeScript program: seconds, more on a busy machine.
describe('npm run lint on a store', { timeout: 120_000 }, () => {
  it('refuses the SQLite-only .get(), .all() and .run(), but not Map.get or Promise.all', async () => {
    const code = `${HEADER}
export async function sqliteOnly(db: Db, ids: Map<string, number>) {
  const one = db.select().from(vpcs).get()
  const all = db.select().from(vpcs).all()
  db.delete(vpcs).run()
  return [one, all, ids.get('x'), await Promise.all([])]
}
`
    expect(await problems(code)).toEqual([
      '5 no-restricted-syntax',
      '6 no-restricted-syntax',
      '7 no-restricted-syntax',
    ])
  })

  it('refuses a query that is built and never awaited', async () => {
    const code = `${HEADER}
export async function forgotten(db: Db) {
  db.delete(vpcs)
  return await db.select().from(vpcs)
}
`
    expect(await problems(code)).toEqual(['5 @typescript-eslint/no-floating-promises'])
  })

  it("refuses z from 'zod': the one import path is @hono/zod-openapi", async () => {
    expect(await problems(`import { z } from 'zod'\nexport const Name = z.string()\n`)).toEqual([
      '1 no-restricted-imports',
    ])
    expect(
      await problems(`import { z } from '@hono/zod-openapi'\nexport const Name = z.string()\n`)
    ).toEqual([])
  })

  it("refuses another family's store, but not its types, its service or the shared labels", async () => {
    const code = `import { findLiveNode } from '../nodes/nodes.store.js'
import type { NodeRow } from '../nodes/nodes.store.js'
import { liveNodeOr404 } from '../nodes/nodes.lookup.js'
import { matchesSelector } from '../labels/labels.store.js'
export const used = [findLiveNode, liveNodeOr404, matchesSelector] as const
export type Row = NodeRow
`
    expect(await problems(code)).toEqual(['1 @typescript-eslint/no-restricted-imports'])
  })

  it('refuses a service function that takes a bare Db or Tx first instead of its context', async () => {
    const code = `import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
export async function bare(db: Db) {
  return db
}
export async function inTransaction(tx: Tx, id: string) {
  return [tx, id]
}
export async function withContext(ctx: ServiceCtx, db: Db) {
  return [ctx, db]
}
`
    expect(await problems(code, SERVICE_PROBE)).toEqual([
      '4 no-restricted-syntax',
      '7 no-restricted-syntax',
    ])
  })

  it('refuses an import that would tie two server folders both ways, but not one down the floors', async () => {
    const code = `import { liveNodeOr404 } from '../nodes/nodes.lookup.js'
import { keyedSerial } from '../lib/serial.js'
export const used = [liveNodeOr404, keyedSerial] as const
`
    expect(await problems(code, LABELS_PROBE)).toEqual(['1 house/no-folder-tie'])
  })
})

describe('the known ties between server folders', () => {
  it('are each still there: a tie undone leaves the list, so it only shrinks', async () => {
    // A URL, not a literal specifier: eslint.config.js is JavaScript outside the typed project.
    const config = new URL('../../eslint.config.js', import.meta.url).href
    const { KNOWN_TIES, serverImportGraph } = await import(config)
    const graph: Set<string> = serverImportGraph()
    for (const tie of KNOWN_TIES as string[]) {
      const [a, b] = tie.split('|')
      expect(graph.has(`${a}>${b}`) && graph.has(`${b}>${a}`), tie).toBe(true)
    }
  })
})
