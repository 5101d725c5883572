/**
 * Running PostgreSQL's client programs (`pg_dump`, `pg_restore`) without the database password
 * on their command line, where every local user can read it (`ps`, /proc/<pid>/cmdline), and
 * without it in the error a failed run prints.
 * @module
 */
import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { ConfigError } from '../config.js'

const run = promisify(execFile)

/** A connection URL split into what may be shown and the password, which may not. */
export interface PgConnection {
  /** The URL without its password (neither `user:password@` nor `?password=`). */
  url: string
  password?: string
}

export function splitPassword(databaseUrl: string): PgConnection {
  const url = new URL(databaseUrl)
  const inQuery = url.searchParams.get('password') ?? undefined
  url.searchParams.delete('password')
  const inUserInfo = url.password ? decodeURIComponent(url.password) : undefined
  url.password = ''
  return { url: url.toString(), password: inUserInfo ?? inQuery }
}

/**
 * Runs a PostgreSQL program against `databaseUrl`: `args(url)` builds its arguments around the
 * URL without its password, and the password goes in `PGPASSWORD`, which only the child and
 * root can read. A failure is a ConfigError carrying the program's own words, the password
 * blanked out in case the program echoed it.
 */
export async function runPgTool(
  program: string,
  databaseUrl: string,
  args: (url: string) => string[]
): Promise<void> {
  const { url, password } = splitPassword(databaseUrl)
  const env = password === undefined ? process.env : { ...process.env, PGPASSWORD: password }
  try {
    await run(program, args(url), { env })
  } catch (err) {
    const { stderr, message } = err as { stderr?: string; message: string }
    const said = (stderr?.trim() || message).split(password || '\0').join('***')
    throw new ConfigError(`${program} failed: ${said}`)
  }
}

/**
 * A PostgreSQL client program: from `binDir` when given (NODEPLANE_PG_BINDIR), else from the
 * newest of Debian's versioned directories (its `postgresql-client` puts them in
 * /usr/lib/postgresql/<version>/bin), else from the PATH.
 */
export function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql', binDir?: string): string {
  if (binDir) return join(binDir, name)
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  const found = versions.map((v) => join(root, v, 'bin', name)).find((path) => existsSync(path))
  return found ?? name
}
