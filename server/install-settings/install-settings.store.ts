/**
 * Reads the install's own settings (install-settings.table.ts).
 * @module
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import { installSettings } from './install-settings.table.js'

/** The value recorded under `key`, or undefined. */
export async function readInstallSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: installSettings.value })
    .from(installSettings)
    .where(eq(installSettings.key, key))
  return row?.value
}

/** Records `value` under `key`, replacing what was there. */
export async function writeInstallSetting(tx: Tx, key: string, value: string): Promise<void> {
  await tx
    .insert(installSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: installSettings.key, set: { value } })
}

/** Forgets `key`. */
export async function deleteInstallSetting(tx: Tx, key: string): Promise<void> {
  await tx.delete(installSettings).where(eq(installSettings.key, key))
}
