import Database from 'better-sqlite3'
import { chmodSync, existsSync, readFileSync, statSync, watch, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pgTool } from '../../server/backup/pg-tools.js'
import { databaseEnv, testDialect } from '../helpers/database.js'
import { runCli } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

const PASSWORD = 'pa55-w0rd-never-shown'
const modeOf = (file: string) => statSync(file).mode & 0o777

/**
 * A directory for NODEPLANE_PG_BINDIR whose pg_dump and pg_restore record how they were called
 * (argv, PGPASSWORD, the mode of the --file they were given) and then run the real program when
 * REAL_PG_BIN is set, or fail the way pg_dump does when the server cannot be reached: with the
 * output file made and the command line echoed, as some failing programs do.
 */
function recordingPgBin(): { dir: string; calls: () => string } {
  const dir = tempDir('nodeplane-pgbin-')
  const script = `#!/bin/sh
log="${dir}/calls"
{ printf 'argv:'; printf ' %s' "$@"; printf '\\nPGPASSWORD=%s\\n' "$PGPASSWORD"; } >> "$log"
for arg in "$@"; do
  case "$arg" in --file=*) f="\${arg#--file=}"; [ -e "$f" ] || : > "$f"; echo "mode=$(stat -c %a "$f")" >> "$log";; esac
done
[ -n "$REAL_PG_BIN" ] && exec "$REAL_PG_BIN/$(basename "$0")" "$@"
echo "$(basename "$0"): error: connection to server failed ($*)" >&2
exit 1
`
  for (const name of ['pg_dump', 'pg_restore']) {
    writeFileSync(join(dir, name), script)
    chmodSync(join(dir, name), 0o755)
  }
  return { dir, calls: () => readFileSync(join(dir, 'calls'), 'utf8') }
}

/** `url` with `PASSWORD` in it (the test server trusts every local connection, so it is ignored). */
function withPassword(url: string): string {
  const parsed = new URL(url)
  parsed.password = PASSWORD
  return parsed.toString()
}

describe('nodeplane backup on PostgreSQL: the password', () => {
  it('reaches pg_dump in PGPASSWORD, never in its argv, and a failed dump prints no password and leaves no file', async () => {
    const bin = recordingPgBin()
    const out = join(tempDir('nodeplane-backup-'), 'copy')
    const failed = await runCli(['backup', '--data', tempDir('nodeplane-test-'), '--out', out], {
      DATABASE_URL: `postgres://nodeplane:${PASSWORD}@127.0.0.1:1/nodeplane?sslmode=disable`,
      NODEPLANE_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      NODEPLANE_PG_BINDIR: bin.dir,
    })
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain('pg_dump failed')
    expect(failed.stderr + failed.stdout).not.toContain(PASSWORD)
    const calls = bin.calls()
    expect(calls).toMatch(
      /^argv: --format=custom --file=\S+ postgres:\/\/nodeplane@127\.0\.0\.1:1\//m
    )
    expect(
      calls
        .split('\n')
        .filter((line) => line.startsWith('argv:'))
        .join()
    ).not.toContain(PASSWORD)
    expect(calls).toContain(`PGPASSWORD=${PASSWORD}\n`)
    // The file pg_dump writes into is private before the first byte of the dump.
    expect(calls).toContain('mode=600\n')
    expect(existsSync(out)).toBe(false)
  })

  it.skipIf(testDialect !== 'postgres')(
    'dumps and restores through the real programs with the password kept out of their argv',
    async () => {
      const bin = recordingPgBin()
      const dataDir = tempDir('nodeplane-test-')
      const database = await databaseEnv(dataDir)
      const env = {
        ...database,
        DATABASE_URL: withPassword(database.DATABASE_URL!),
        NODEPLANE_PG_BINDIR: bin.dir,
        REAL_PG_BIN: join(pgTool('pg_dump'), '..'),
      }
      const out = join(tempDir('nodeplane-backup-'), 'copy')
      const copied = await runCli(['backup', '--data', dataDir, '--out', out], env)
      expect(copied.stderr).toContain(`Backed up to ${out}`)
      expect(modeOf(out)).toBe(0o600)
      const restored = await runCli(['restore', '--data', dataDir, out], env)
      expect(restored.stderr).toContain('Restored into')
      const argv = bin
        .calls()
        .split('\n')
        .filter((line) => line.startsWith('argv:'))
      expect(argv.map((line) => line.split(' ')[1])).toEqual(['--format=custom', '--clean'])
      expect(argv.join()).not.toContain(PASSWORD)
      expect(copied.stderr + restored.stderr).not.toContain(PASSWORD)
    }
  )
})

describe.skipIf(testDialect !== 'sqlite')('nodeplane backup on SQLite: the file', () => {
  it('is readable by its owner alone from the moment it appears, not only once written', async () => {
    const dataDir = tempDir('nodeplane-test-')
    // Big enough that VACUUM INTO writes for a while after creating the file.
    const db = new Database(join(dataDir, 'nodeplane.db'))
    db.exec('CREATE TABLE filler (data BLOB)')
    const insert = db.prepare('INSERT INTO filler VALUES (randomblob(1048576))')
    for (let i = 0; i < 64; i++) insert.run()
    db.close()
    const outDir = tempDir('nodeplane-backup-')
    const seen: number[] = []
    const watcher = watch(outDir, (_, name) => {
      if (name === 'copy' && existsSync(join(outDir, name))) seen.push(modeOf(join(outDir, name)))
    })
    try {
      const copied = await runCli(['backup', '--data', dataDir, '--out', join(outDir, 'copy')])
      expect(copied.code).toBe(0)
    } finally {
      watcher.close()
    }
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.filter((mode) => mode !== 0o600)).toEqual([])
    expect(modeOf(join(outDir, 'copy'))).toBe(0o600)
  })

  it('leaves no file behind when the copy fails', async () => {
    const dataDir = tempDir('nodeplane-test-')
    writeFileSync(join(dataDir, 'nodeplane.db'), 'not a database, though named like one')
    const out = join(tempDir('nodeplane-backup-'), 'copy')
    const failed = await runCli(['backup', '--data', dataDir, '--out', out])
    expect(failed.code).toBe(1)
    expect(existsSync(out)).toBe(false)
  })
})
