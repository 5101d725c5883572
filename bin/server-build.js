// The server's TypeScript compiled once per version of its sources, so `nodeplane serve`
// runs plain JavaScript. tsx compiles the same files on every start in a module-loader thread
// that stays resident: about 55 MiB of an idle server's memory (docs/performance.md).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SERVER = join(ROOT, 'server')
// Beside the packages the compiled files import, which Node finds by walking up from them.
const CACHE = join(ROOT, 'node_modules', '.cache', 'nodeplane')

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort()
}

/** Names a build by everything it is made from: the server's files and the compiler settings. */
function versionOf(files) {
  const hash = createHash('sha256')
  const compiler = [
    fileURLToPath(import.meta.url),
    fileURLToPath(new URL('./server-compile.js', import.meta.url)),
  ]
  for (const file of [
    ...files,
    join(ROOT, 'tsconfig.json'),
    join(ROOT, 'package.json'),
    ...compiler,
  ]) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * The compiled entry point (`.../server/main.js`), building it first if this version of the
 * sources has none; undefined when it cannot be built (the caller falls back to tsx).
 */
export function compiledServer() {
  const files = filesUnder(SERVER)
  const build = join(CACHE, `server-${versionOf(files)}`)
  const entry = join(build, 'server', 'main.js')
  if (existsSync(entry)) {
    // Marks it in use, for whoever prunes old builds by age.
    utimesSync(build, new Date(), new Date())
    return entry
  }
  // Built in a process of its own, so the compiler's memory leaves with it; into a directory of
  // its own, renamed into place, so servers starting together never see half a build.
  const staging = `${build}.${process.pid}`
  const compiled = spawnSync(
    process.execPath,
    [
      join(dirname(fileURLToPath(import.meta.url)), 'server-compile.js'),
      SERVER,
      join(staging, 'server'),
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    }
  )
  if (compiled.status !== 0) {
    rmSync(staging, { recursive: true, force: true })
    return undefined
  }
  try {
    renameSync(staging, build)
  } catch {
    // Another process put the same build in place first.
    rmSync(staging, { recursive: true, force: true })
  }
  pruneUnused()
  return existsSync(entry) ? entry : undefined
}

const UNUSED_FOR_MS = 7 * 24 * 60 * 60 * 1000

/** Removes builds no server started from for a week (each is a few MiB). */
function pruneUnused() {
  for (const name of readdirSync(CACHE)) {
    const dir = join(CACHE, name)
    if (/^server-[0-9a-f]{16}$/.test(name) && Date.now() - statSync(dir).mtimeMs > UNUSED_FOR_MS) {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
