/**
 * The provider as users get providers: `npm run release:provider` writes, per platform,
 * `terraform-provider-nodeplane_<version>_<os>_<arch>.zip` and one
 * `terraform-provider-nodeplane_<version>_SHA256SUMS`, as `terraform init` expects from a mirror.
 * Inside each zip is one executable, `terraform-provider-nodeplane_v<version>`: the provider and
 * its dependencies bundled and minified into a single script that runs on Node.js 20 or later
 * (see docs/terraform.md for why a script and not a single executable application).
 * @module
 */
import { createHash } from 'node:crypto'
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type BuildOptions } from 'esbuild'
import yazl from 'yazl'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const DEFAULT_OUT = join(ROOT, 'dist/provider-release')
export const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version

/** The same script runs wherever Node does; Terraform still wants one archive per platform. */
export const PLATFORMS = ['linux_amd64', 'linux_arm64', 'darwin_amd64', 'darwin_arm64'] as const

export const executableName = (version = VERSION) => `terraform-provider-nodeplane_v${version}`
export const archiveName = (platform: string, version = VERSION) =>
  `terraform-provider-nodeplane_${version}_${platform}.zip`
export const sumsName = (version = VERSION) => `terraform-provider-nodeplane_${version}_SHA256SUMS`

/** One entry and everything it imports as a minified CommonJS script for Node 20 or later. */
async function bundleFor(entry: string, options: BuildOptions = {}): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'provider/release', entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    ...options,
    write: false,
  })
  return result.outputFiles[0]!.text
}

/**
 * The release executable: launcher.ts with the bundled provider (entry.ts, no node_modules at
 * run time) inside as a string, which it compiles with a V8 code cache (see there why), behind
 * a shebang.
 */
export async function bundleScript(): Promise<Buffer> {
  const source = await bundleFor('entry.ts')
  const digest = createHash('sha256').update(source).digest('hex').slice(0, 16)
  const launcher = await bundleFor('launcher.ts', {
    banner: { js: '#!/usr/bin/env node' },
    define: {
      NODEPLANE_PROVIDER_SOURCE: JSON.stringify(source),
      NODEPLANE_PROVIDER_BUILD: JSON.stringify(`${VERSION}-${digest}`),
    },
  })
  return Buffer.from(launcher)
}

function zipOne(target: string, name: string, content: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile()
    // A fixed time keeps archives of the same script byte for byte the same.
    zip.addBuffer(content, name, { mode: 0o100755, mtime: new Date('2026-01-01T00:00:00Z') })
    zip.outputStream.pipe(createWriteStream(target)).on('close', resolve).on('error', reject)
    zip.end()
  })
}

/** Writes the release into `outDir` and returns the paths of its files. */
export async function buildRelease(
  outDir = DEFAULT_OUT
): Promise<{ archives: string[]; sums: string }> {
  mkdirSync(outDir, { recursive: true })
  const script = await bundleScript()
  const archives: string[] = []
  const lines: string[] = []
  for (const platform of PLATFORMS) {
    const path = join(outDir, archiveName(platform))
    await zipOne(path, executableName(), script)
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
