import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Temp directories the suites make (server data directories, tofu working dirs). A suite run
 * makes hundreds, some holding catalogs of 100,000 hosts, and /tmp fills on a developer's
 * machine unless they go: at removeTempDirs(), which remove-temp-dirs.setup.ts calls after
 * every test file, or when a script such as a benchmark ends.
 */
const dirs: string[] = []
// Vitest ends its worker processes without an 'exit' event; the setup file covers them.
process.on('exit', () => removeTempDirs())

/** A fresh directory under the system temp dir, named `prefix` and random characters. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(dir)
  return dir
}

/** Removes every directory made by {@link tempDir} so far (call after stopping what uses them). */
export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
}
