import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '../../server/db/client.js'
import type Database from 'better-sqlite3'
import { afterCommit, transaction, writerOf } from '../../server/db/transaction.js'
import { hasRecord } from '../../server/idempotency/idempotency.store.js'
import { idempotencyKeys } from '../../server/idempotency/idempotency.table.js'
import { openTestDatabase, testDialect } from '../helpers/database.js'
import { newDataDir } from '../helpers/server.js'

// Any table does; this one needs no other rows.
let database: OpenDatabase

beforeAll(async () => {
  database = await openTestDatabase(newDataDir())
})
afterAll(() => database.close())

const row = (key: string) => ({
  accountId: 'acc_tx',
  key,
  fingerprint: 'f',
  createdAt: new Date(),
  owner: null,
})

/** Read both ways the server reads: a query built on the spot, and a prepared one. */
async function exists(key: string): Promise<boolean> {
  const rows = await database.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, 'acc_tx'), eq(idempotencyKeys.key, key)))
  const prepared = await hasRecord(database.db, { accountId: 'acc_tx', key })
  expect(prepared).toBe(rows.length === 1)
  return prepared
}

describe('transactions', () => {
  it('commit those of one moment together, yet one that fails rolls back alone', async () => {
    // Started in the same turn of the event loop: on SQLite they share one commit.
    const results = await Promise.allSettled([
      transaction(database.db, (tx) => tx.insert(idempotencyKeys).values(row('kept-1'))),
      transaction(database.db, async (tx) => {
        await tx.insert(idempotencyKeys).values(row('undone'))
        throw new Error('refused')
      }),
      transaction(database.db, (tx) => tx.insert(idempotencyKeys).values(row('kept-2'))),
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect([await exists('kept-1'), await exists('undone'), await exists('kept-2')]).toEqual([
      true,
      false,
      true,
    ])
  })

  it('show their writes to no reader outside them before the commit, and resolve after it', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let announced = false
    const writing = transaction(database.db, async (tx) => {
      await tx.insert(idempotencyKeys).values(row('pending'))
      afterCommit(tx, () => (announced = true))
      await held
    })
    // Long enough for the insert to have run on the writing connection.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await exists('pending')).toBe(false)
    expect(announced).toBe(false)
    release()
    await writing
    expect(announced).toBe(true)
    expect(await exists('pending')).toBe(true)
  })

  it.skipIf(testDialect === 'postgres')(
    'fail, without hanging, when the disk is full, and the next ones work again',
    async () => {
      const writer = (writerOf(database.db) as unknown as { $client: Database.Database }).$client
      const pages = writer.pragma('page_count', { simple: true }) as number
      writer.pragma(`max_page_count = ${pages}`)
      try {
        const big = 'x'.repeat(64 * 1024)
        const results = await Promise.allSettled([
          transaction(database.db, (tx) => tx.insert(idempotencyKeys).values(row('before-full'))),
          transaction(database.db, (tx) =>
            tx.insert(idempotencyKeys).values({ ...row('full'), body: big })
          ),
        ])
        expect(results[1].status).toBe('rejected')
        expect(await exists('full')).toBe(false)
      } finally {
        writer.pragma('max_page_count = 4294967294')
      }
      await transaction(database.db, (tx) => tx.insert(idempotencyKeys).values(row('after-full')))
      expect(await exists('after-full')).toBe(true)
    }
  )
})
