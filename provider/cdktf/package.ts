/**
 * The CDKTF bindings as an npm package a user installs into their own app, the way the
 * `@cdktf/provider-*` packages are used: `npm run pack:cdktf [OUT_DIR]` compiles provider/cdktf/gen
 * to CommonJS with declarations and `npm pack`s it, printing the tarball's path (by default under
 * dist/cdktf). The package's version is the provider's; it needs cdktf 0.21 and constructs 10 next
 * to it, and the provider itself from `nodeplane provider install` (see its README).
 * @module
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { VERSION } from '../release/build.js'
import { GEN_DIR, versionConstraint } from './generate.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const PACKAGE_NAME = '@nodeplane/cdktf-provider-nodeplane'
export const DEFAULT_OUT = join(ROOT, 'dist/cdktf')
const README = fileURLToPath(new URL('./package-README.md', import.meta.url))

/** The package's manifest: CommonJS entry and types, cdktf and constructs as peers like the prebuilt providers. */
function manifest(): object {
  return {
    name: PACKAGE_NAME,
    version: VERSION,
    description: `CDKTF bindings for the nodeplane Terraform provider (nodeplane/nodeplane ${VERSION}, constraint ${versionConstraint()})`,
    license: 'Apache-2.0',
    keywords: ['cdktf', 'cdk', 'terraform', 'provider', 'nodeplane'],
    main: 'index.js',
    types: 'index.d.ts',
    // CDK Terrain users install cdktn under the name cdktf (`cdktf@npm:cdktn@0.24.0`): that is the 0.24 here.
    peerDependencies: { cdktf: '^0.21.0 || ^0.24.0', constructs: '^10.4.2' },
    engines: { node: '>=20' },
  }
}

/** Compiles the generated TypeScript into `staging` with tsc (declarations and CommonJS, as jsii packages ship). */
function compile(staging: string): void {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
  const entry = join(GEN_DIR, 'providers/nodeplane/index.ts')
  const options = [
    '--declaration',
    '--module',
    'commonjs',
    '--moduleResolution',
    'node10',
    '--target',
    'ES2020',
  ]
  const strictness = ['--strict', '--skipLibCheck', '--types', 'node']
  execFileSync(
    process.execPath,
    [
      tsc,
      entry,
      ...options,
      ...strictness,
      '--rootDir',
      join(GEN_DIR, 'providers/nodeplane'),
      '--outDir',
      staging,
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
    }
  )
}

/** Builds and packs the package into `outDir`; returns the tarball's path. */
export function packBindings(outDir = DEFAULT_OUT): string {
  const staging = mkdtempSync(join(tmpdir(), 'nodeplane-cdktf-package-'))
  try {
    compile(staging)
    for (const file of ['versions.json', 'constraints.json'])
      copyFileSync(join(GEN_DIR, file), join(staging, file))
    copyFileSync(README, join(staging, 'README.md'))
    writeFileSync(join(staging, 'package.json'), `${JSON.stringify(manifest(), null, 2)}\n`)
    mkdirSync(outDir, { recursive: true })
    const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], {
      cwd: staging,
      encoding: 'utf8',
    })
    return join(outDir, (JSON.parse(packed) as { filename: string }[])[0]!.filename)
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(packBindings(process.argv[2] ?? DEFAULT_OUT))
