import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'

// The data directory holds the database and the key that seals root passwords: owner only.
// Modes are set with chmod, because the mode given to mkdir or open is filtered by the umask.
const PRIVATE_DIR = 0o700
const PRIVATE_FILE = 0o600

/** Creates the data directory, usable by its owner alone, unless it exists. */
export function ensureDataDir(dir: string): void {
  if (existsSync(dir)) return
  mkdirSync(dir, { recursive: true })
  chmodSync(dir, PRIVATE_DIR)
}

/** The mode of an existing data directory that other local users can enter or read, as `0755`. */
export function exposedDataDirMode(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined
  const mode = statSync(dir).mode & 0o777
  return mode & 0o077 ? mode.toString(8).padStart(4, '0') : undefined
}

/**
 * Creates a file readable by its owner alone; `wx` fails if it exists. SQLite gives a
 * database's -wal and -shm files the database file's mode, so they follow.
 */
export function createPrivateFile(path: string, content = ''): void {
  writeFileSync(path, content, { mode: PRIVATE_FILE, flag: 'wx' })
  chmodSync(path, PRIVATE_FILE)
}
