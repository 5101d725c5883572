/**
 * The release a server's provider registry serves by default: built once into
 * `<parent>/<version>`, aside first and renamed into place, so a build cut short is never
 * served and a later start finds it ready (`nodeplane provider build`).
 * @module
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildRelease, sumsName, VERSION } from './build.js'

/** The directory of this version's release under `parent`, built when it has none. */
export async function versionedRelease(parent: string): Promise<string> {
  const target = join(parent, VERSION)
  if (existsSync(join(target, sumsName()))) return target
  mkdirSync(parent, { recursive: true })
  const scratch = mkdtempSync(join(parent, `.${VERSION}-`))
  try {
    await buildRelease(scratch)
    rmSync(target, { recursive: true, force: true })
    renameSync(scratch, target)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  return target
}
