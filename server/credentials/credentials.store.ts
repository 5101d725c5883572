import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import { credentials } from './credentials.table.js'

/** The sealed value stored under `name`, if any. */
export async function findSealedCredential(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sealed: credentials.sealed })
    .from(credentials)
    .where(eq(credentials.name, name))
  return row?.sealed
}

/** Stores `sealed` under `name` unless a value is there already (another replica's). */
export async function insertCredentialUnlessPresent(
  tx: Tx,
  row: { name: string; sealed: string; createdAt: Date }
): Promise<void> {
  await tx.insert(credentials).values(row).onConflictDoNothing()
}
