/**
 * Reads the install's own settings (install-settings.table.ts).
 * @module
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { installSettings } from './install-settings.table.js'

/** The value recorded under `key`, or undefined. */
export async function readInstallSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: installSettings.value })
    .from(installSettings)
    .where(eq(installSettings.key, key))
  return row?.value
}
