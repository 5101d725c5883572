/**
 * The provider as users get providers: `npm run release:provider` writes, per platform,
 * `terraform-provider-nodeplane_<version>_<os>_<arch>.zip` and one
 * `terraform-provider-nodeplane_<version>_SHA256SUMS`, as `terraform init` expects from a mirror.
 * Inside each zip is one executable, `terraform-provider-nodeplane_v<version>` (with `.exe` on
 * Windows), that needs nothing installed: the provider and its dependencies bundled into one
 * script, compiled with Bun's runtime into a native executable (compile.ts; docs/terraform.md).
 * The same steps run from a checkout and from the installed npm package, which carries them
 * bundled with the provider's script (pack.ts) in place of the sources.
 * @module
 */
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileFor, type Compiled, type Platform } from './compile.js'

/**
 * The checkout or the installed package: the nearest directory above this module with
 * nodeplane's package.json (provider/release/ in a checkout, dist/provider/ in the package,
 * whose dist/package.json only marks its files ESM).
 */
function packageRoot(from = fileURLToPath(import.meta.url)): string {
  const manifest = join(from, 'package.json')
  if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'nodeplane')
    return from
  if (dirname(from) === from) throw new Error('nodeplane package.json not found')
  return packageRoot(dirname(from))
}

export const ROOT = packageRoot()
export const DEFAULT_OUT = join(ROOT, 'dist/provider-release')
/** The provider's bundled script as the npm package carries it, written at `npm pack`. */
export const PACKED_SOURCE = join(ROOT, 'dist/provider/provider.cjs')
const ENTRY = join(ROOT, 'provider/release/entry.ts')
export const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version

/** Every platform the release has an archive for, in Terraform's names. */
export const PLATFORMS = [
  'linux_amd64',
  'linux_arm64',
  'darwin_amd64',
  'darwin_arm64',
  'windows_amd64',
] as const satisfies readonly Platform[]

/** The platform of this machine, in Terraform's names. */
export const HOST_PLATFORM = `${process.platform === 'win32' ? 'windows' : process.platform}_${
  process.arch === 'x64' ? 'amd64' : process.arch
}` as Platform

/** The executable inside an archive; Windows runs only names ending in `.exe`. */
export const executableName = (version = VERSION, platform?: string) =>
  `terraform-provider-nodeplane_v${version}${platform?.startsWith('windows_') ? '.exe' : ''}`
export const archiveName = (platform: string, version = VERSION) =>
  `terraform-provider-nodeplane_${version}_${platform}.zip`
export const sumsName = (version = VERSION) => `terraform-provider-nodeplane_${version}_SHA256SUMS`

/**
 * The release's entry (entry.ts) and everything it imports as one minified CommonJS script,
 * so nothing is resolved from node_modules at run time. The installed package has no sources
 * (nor esbuild): it carries this script as `npm pack` made it.
 */
export async function bundleSource(): Promise<string> {
  if (!existsSync(ENTRY)) return readFileSync(PACKED_SOURCE, 'utf8')
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  })
  return result.outputFiles[0]!.text
}

/** The provider compiled for one platform (by default this machine's), cached by content. */
export async function compiledProvider(
  platform: Platform = HOST_PLATFORM,
  source?: string
): Promise<Compiled> {
  return compileFor(platform, source ?? (await bundleSource()), {
    executable: executableName(VERSION, platform),
    archive: archiveName(platform),
  })
}

/**
 * Writes the release into `outDir` and returns the paths of its files: every platform, or
 * those given (tests that only run this machine's executable build only that one).
 */
export async function buildRelease(
  outDir = DEFAULT_OUT,
  platforms: readonly Platform[] = PLATFORMS
): Promise<{ archives: string[]; sums: string }> {
  mkdirSync(outDir, { recursive: true })
  const source = await bundleSource()
  const archives: string[] = []
  const lines: string[] = []
  for (const platform of platforms) {
    const path = join(outDir, archiveName(platform))
    copyFileSync((await compiledProvider(platform, source)).archive, path)
    archives.push(path)
    lines.push(
      `${createHash('sha256').update(readFileSync(path)).digest('hex')}  ${archiveName(platform)}`
    )
  }
  const sums = join(outDir, sumsName())
  writeFileSync(sums, `${lines.join('\n')}\n`)
  return { archives, sums }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { archives, sums } = await buildRelease(process.argv[2] ?? DEFAULT_OUT)
  for (const path of [...archives, sums]) console.log(path)
}
