/**
 * Where a one-shot command finds the data directory: where `serve` would, and never a new one.
 * @module
 */
import { existsSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Config } from '../config.js'
import { ConfigError } from '../config.js'

/**
 * Refuses a data directory that `serve` has not made, naming where it looked and how to point
 * elsewhere. Only `serve` creates one: a command run from the wrong folder would otherwise make
 * a second database there, whose keys the running server never sees. A directory named on
 * purpose (`--data` or NODEPLANE_DATA_DIR) may be empty, so an operator can prepare it; the
 * default `./data` must already hold a database. On PostgreSQL the database is elsewhere.
 */
export function requireDataDir(config: Config, named: boolean): void {
  if (config.databaseUrl) return
  const dir = resolve(config.dataDir)
  const isDir = existsSync(dir) && statSync(dir).isDirectory()
  if (isDir && (named || existsSync(join(dir, 'nodeplane.db')))) return
  const what = isDir ? `no nodeplane database in ${dir}` : `no data directory at ${dir}`
  throw new ConfigError(
    `${what} (${named ? 'as named' : 'the default ./data of the current directory'}).\n` +
      'Point to the one `nodeplane serve` uses with --data DIR or NODEPLANE_DATA_DIR=DIR ' +
      '(`npm start` in a checkout uses its ./data); only `nodeplane serve` creates one.'
  )
}

/** Whether the command named its data directory rather than taking the default. */
export const dataDirNamed = (options: { data?: string }, env = process.env) =>
  Boolean(options.data || env.NODEPLANE_DATA_DIR)
