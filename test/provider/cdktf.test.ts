/**
 * The committed CDKTF bindings match the provider's schema: regenerating them from what tofu
 * reports for this checkout's provider gives the same files. When this fails, run
 * `npm run gen:cdktf` and commit the result.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { GEN_DIR, generate, schemaJson } from '../../provider/cdktf/generate.js'
import { removeTempDirs, tempDir, tofuBinary } from '../helpers/tofu.js'

afterAll(() => removeTempDirs())

/** Every file under `dir`, by its path relative to `dir`, with its text. */
function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files[relative(dir, path)] = readFileSync(path, 'utf8')
  }
  return files
}

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
})
