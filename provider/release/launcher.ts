/**
 * The release executable's outer script: it compiles the bundled provider (embedded as one
 * string by build.ts) with a V8 code cache, the step that Node 20 otherwise repeats on every
 * start (its own compile cache, `module.enableCompileCache`, arrives in Node 22).
 *
 * Terraform starts a provider about three times per command, so the cache pays from the second
 * start on: the first start compiles as usual and, on its way out, stores what V8 compiled
 * (including the functions its RPCs ran) under the user's cache directory, keyed by the build
 * and the Node version. V8 checks the cache against the source and its own version and flags;
 * a rejected or unreadable cache only means a normal compile and a fresh cache at exit.
 * `NODEPLANE_PROVIDER_CODE_CACHE=0` turns it off.
 * @module
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire, wrap } from 'node:module'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { Script } from 'node:vm'

// Replaced by build.ts (esbuild `define`): the bundled provider and a digest of it.
declare const NODEPLANE_PROVIDER_SOURCE: string
declare const NODEPLANE_PROVIDER_BUILD: string

function cacheFile(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODEPLANE_PROVIDER_CODE_CACHE === '0') return undefined
  try {
    const base = env.XDG_CACHE_HOME || join(homedir(), '.cache')
    const key = `${NODEPLANE_PROVIDER_BUILD}-node${process.versions.node}-${process.arch}`
    return join(base, 'nodeplane', 'provider-code-cache', `${key}.bin`)
  } catch {
    return undefined // no home directory to keep a cache in: compile every time
  }
}

function readCache(file: string | undefined): Buffer | undefined {
  try {
    return file ? readFileSync(file) : undefined
  } catch {
    return undefined // no cache yet
  }
}

/** Written once per build and Node version; a temp name and a rename keep readers safe. */
function writeCache(file: string, script: Script): void {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
    const temp = `${file}.${process.pid}.tmp`
    writeFileSync(temp, script.createCachedData(), { mode: 0o600 })
    renameSync(temp, file)
  } catch {
    // A read-only home only costs the next start its compile.
  }
}

const file = cacheFile(process.env)
const cachedData = readCache(file)
const filename = join(__dirname, 'nodeplane-provider.js')
const script = new Script(wrap(NODEPLANE_PROVIDER_SOURCE), { filename, cachedData })
if (file && (!cachedData || script.cachedDataRejected))
  process.once('exit', () => writeCache(file, script))
const module = { exports: {} }
script.runInThisContext()(module.exports, createRequire(__filename), module, filename, __dirname)
