/**
 * Whether the database was put back from a backup (`nodeplane restore`) and the engine not yet
 * cleaned up since: the engine may then hold machines of nodes made after the backup, which no
 * row owns. Until the operator says so (`nodeplane cleanup --unowned`), starts list them in the
 * log rather than remove them, as they would remove a crash's leftovers.
 * @module
 */
import type { Db } from '../db/client.js'
import { transaction } from '../db/transaction.js'
import {
  deleteInstallSetting,
  readInstallSetting,
  writeInstallSetting,
} from './install-settings.store.js'

const KEY = 'restored_at'

/** When the database was restored, if it was and the engine was not cleaned up since. */
export function restoredAt(db: Db): Promise<string | undefined> {
  return readInstallSetting(db, KEY)
}

export function markRestored(db: Db, at: Date): Promise<void> {
  return transaction(db, (tx) => writeInstallSetting(tx, KEY, at.toISOString()))
}

export function forgetRestored(db: Db): Promise<void> {
  return transaction(db, (tx) => deleteInstallSetting(tx, KEY))
}
