/**
 * The committed CDKTF bindings match the provider's schema: regenerating them from what tofu
 * reports for this checkout's provider gives the same files. When this fails, run
 * `npm run gen:cdktf` and commit the result. They are versioned: a stack synthesized from them
 * pins the provider's one version, which `cdktf deploy` refuses to go without.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { TerraformStack, Testing } from 'cdktf'
import { afterAll, describe, expect, it } from 'vitest'
import { GEN_DIR, generate, schemaJson, versionConstraint } from '../../provider/cdktf/generate.js'
import { PACKAGE_NAME, packBindings } from '../../provider/cdktf/package.js'
import { VERSION } from '../../provider/release/build.js'
import { tree } from '../helpers/cdktf.js'
import { removeTempDirs, tempDir, tofuBinary } from '../helpers/tofu.js'

afterAll(() => removeTempDirs())

describe('CDKTF bindings', () => {
  it('are what the generator makes of the provider schema today', async () => {
    const fresh = tempDir('nodeplane-cdktf-gen-')
    await generate(schemaJson(tofuBinary()), fresh)
    const committed = tree(GEN_DIR)
    const regenerated = tree(fresh)
    expect(Object.keys(committed).sort()).toEqual(Object.keys(regenerated).sort())
    for (const [path, text] of Object.entries(regenerated)) {
      expect(committed[path], `${path} drifted: run npm run gen:cdktf`).toBe(text)
    }
  })

  it('pin the version the provider reports in every stack they synthesize', async () => {
    // Loaded by path: the bindings typecheck under tsconfig.cdktf.json, not the repository's.
    const bindings = join(GEN_DIR, '../index.ts')
    const { provider, vpc } = await import(bindings)
    // An app of our own outdir: synthScope makes one in the system temp dir and leaves it.
    const stack = new TerraformStack(
      Testing.app({ outdir: tempDir('nodeplane-cdktf-synth-') }),
      'pin'
    )
    new provider.NodeplaneProvider(stack, 'nodeplane', {})
    new vpc.Vpc(stack, 'vpc', { name: 'pinned', region: 'eu-central-1' })
    const synthesized = Testing.synth(stack)
    const required = JSON.parse(synthesized).terraform.required_providers
    expect(required).toEqual({ nodeplane: { source: 'nodeplane/nodeplane', version: VERSION } })
  })

  it('record the version and constraint where `cdktf get` does', () => {
    const read = (file: string) => JSON.parse(readFileSync(join(GEN_DIR, file), 'utf8'))
    expect(read('versions.json')).toEqual({ 'registry.terraform.io/nodeplane/nodeplane': VERSION })
    expect(read('constraints.json').providers).toEqual({ nodeplane: versionConstraint() })
    expect(versionConstraint('0.1.0')).toBe('~> 0.1')
  })

  it('pack into an npm package at the provider version, compiled, typed, with cdktf and constructs as peers', () => {
    const tarball = packBindings(tempDir('nodeplane-cdktf-pack-'))
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n')
    for (const name of ['index', 'provider/index', 'node/index', 'public-ip/index', 'vpc/index']) {
      expect(files).toContain(`package/${name}.js`)
      expect(files).toContain(`package/${name}.d.ts`)
    }
    expect(files.some((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toBe(false)
    const manifest = JSON.parse(
      execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })
    )
    expect(manifest).toMatchObject({
      name: PACKAGE_NAME,
      version: VERSION,
      main: 'index.js',
      types: 'index.d.ts',
    })
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(['cdktf', 'constructs'])
    expect(manifest.dependencies).toBeUndefined()
  })
})
