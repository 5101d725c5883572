/**
 * The ways to ship the provider that provider-exe.bench.ts compares, each built from the same
 * bundle (provider/release/build.ts `bundleSource`) into a plugin directory of its own, and the
 * bare runtime each one starts (a script printing a handshake-shaped line: the floor).
 * @module
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createWriteStream } from 'node:fs'
import { dirname, join } from 'node:path'
import yazl from 'yazl'
import { bunBinary } from '../../provider/release/compile.js'
import { compiledProvider } from '../../provider/release/build.js'
import { tempDir } from '../helpers/temp-dirs.js'
import { FLOOR_SCRIPT, nodeFloor } from './_plugin-start.js'

export interface Candidate {
  name: string
  /** Plugin directory holding `terraform-provider-nodeplane`, for dev_overrides. */
  bin: string
  /** The same runtime running {@link FLOOR_SCRIPT}: the least a start of this candidate costs. */
  floor: string
}

const PLUGIN = 'terraform-provider-nodeplane'
export const pluginOf = (candidate: Candidate) => join(candidate.bin, PLUGIN)

function pluginDir(from: string, link = false): string {
  const bin = tempDir('nodeplane-candidate-')
  if (link) symlinkSync(from, join(bin, PLUGIN))
  else copyFileSync(from, join(bin, PLUGIN))
  return bin
}

/** The release as it was up to issue 31: the bundle as a script that `node` on the PATH runs. */
function nodeScript(source: string): Candidate {
  const file = join(tempDir('nodeplane-node-script-'), PLUGIN)
  writeFileSync(file, `#!/usr/bin/env node\n${source}`, { mode: 0o755 })
  return { name: 'Node 20 script (bundle + shebang)', bin: pluginDir(file), floor: nodeFloor() }
}

function bunCompile(entry: string, out: string, flags: string[]): string {
  // As the release compiles: no .env or bunfig.toml from Terraform's working directory.
  const quiet = ['--no-compile-autoload-dotenv', '--no-compile-autoload-bunfig']
  const args = ['build', entry, '--compile', ...quiet, '--outfile', out, ...flags]
  execFileSync(bunBinary(), args, { cwd: dirname(out), stdio: ['ignore', 'ignore', 'inherit'] })
  return out
}

function writeEntry(source: string): string {
  const entry = join(tempDir('nodeplane-entry-'), 'entry.cjs')
  writeFileSync(entry, source)
  return entry
}

/**
 * A Node single executable application (Node 22 or later at `node`, postject from npm): the
 * bundle with V8's code cache, injected into a copy of that node binary.
 */
function nodeSea(node: string, source: string, name: string): string {
  const dir = tempDir('nodeplane-sea-')
  writeFileSync(join(dir, 'main.cjs'), source)
  const config = { main: 'main.cjs', output: 'sea.blob', useCodeCache: true }
  writeFileSync(
    join(dir, 'sea.json'),
    JSON.stringify({ ...config, disableExperimentalSEAWarning: true })
  )
  execFileSync(node, ['--experimental-sea-config', 'sea.json'], { cwd: dir, stdio: 'ignore' })
  const exe = join(dir, name)
  copyFileSync(node, exe)
  const fuse = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'
  execFileSync(
    'npx',
    ['--yes', 'postject@1.0.0-alpha.6', exe, 'NODE_SEA_BLOB', 'sea.blob', '--sentinel-fuse', fuse],
    { cwd: dir, stdio: 'ignore' }
  )
  return exe
}

/**
 * Every candidate: the Node script, Bun without and with bytecode, the release itself (Bun,
 * bytecode, baseline x86-64 build), and a Node SEA when NODEPLANE_BENCH_SEA_NODE names a
 * Node 22 or later (npm's `node` package installs one).
 */
export async function buildCandidates(source: string): Promise<Candidate[]> {
  const entry = writeEntry(source)
  const floorEntry = writeEntry(FLOOR_SCRIPT)
  const dir = tempDir('nodeplane-bun-')
  const bunFloor = bunCompile(floorEntry, join(dir, 'floor'), [])
  const bun = (flags: string[], out: string) => pluginDir(bunCompile(entry, join(dir, out), flags))
  const candidates: Candidate[] = [
    nodeScript(source),
    { name: 'Bun compile', bin: bun([], 'plain'), floor: bunFloor },
    { name: 'Bun compile --bytecode', bin: bun(['--bytecode'], 'bytecode'), floor: bunFloor },
    {
      name: 'release: Bun --bytecode, x64 baseline',
      bin: pluginDir((await compiledProvider()).executable, true),
      floor: bunFloor,
    },
  ]
  const node = process.env.NODEPLANE_BENCH_SEA_NODE
  if (node) {
    const floor = nodeSea(node, FLOOR_SCRIPT, 'floor')
    const sea = pluginDir(nodeSea(node, source, PLUGIN))
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
    candidates.push({ name: `Node ${version} SEA with code cache`, bin: sea, floor })
  }
  return candidates
}

/** Bytes of the candidate's executable zipped as the release zips it (deflate). */
export function zippedBytes(candidate: Candidate): Promise<number> {
  const target = join(tempDir('nodeplane-zip-'), 'plugin.zip')
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile()
    zip.addFile(pluginOf(candidate), PLUGIN)
    zip.outputStream
      .pipe(createWriteStream(target))
      .on('close', () => resolve(statSync(target).size))
      .on('error', reject)
    zip.end()
  })
}
