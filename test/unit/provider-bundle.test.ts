import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

describe('the provider build', () => {
  it("takes the API's types from the server's schemas, but none of the server's code", async () => {
    const result = await build({
      entryPoints: ['provider/main.ts'],
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      metafile: true,
      outdir: 'unused',
      logLevel: 'silent',
    })
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs).toEqual(
      expect.arrayContaining(['provider/resources/node.ts', 'provider/client/api.ts'])
    )
    expect(inputs.filter((input) => input.startsWith('server/'))).toEqual([])
  })
})
