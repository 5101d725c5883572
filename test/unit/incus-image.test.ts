import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Config } from '../../server/config.js'
import { loadConfig } from '../../server/config.js'
import { incusImageAlias, recipeHash } from '../../server/provisioning/incus/image.js'
import { imageAliasOf } from '../../server/provisioning/incus/incus-config.js'

const recipe = readFileSync(
  new URL('../../server/provisioning/incus/build-image.sh', import.meta.url)
)

describe('the incus node image alias', () => {
  it("is the recipe's hash alone for nodeplane's own image", () => {
    const own = createHash('sha256').update(recipe).digest('hex').slice(0, 10)
    expect(recipeHash()).toBe(own)
    expect(incusImageAlias({ NODEPLANE_IMAGE_SUITE: 'bookworm' })).toBe(
      `nodeplane-node-bookworm-${own}`
    )
  })

  it('changes with the packages a test image adds', () => {
    expect(recipeHash(['docker.io'])).not.toBe(recipeHash())
    expect(recipeHash(['docker.io', 'busybox-static'])).not.toBe(recipeHash(['docker.io']))
  })

  it("is NODEPLANE_INCUS_IMAGE when set, else nodeplane's own", () => {
    const config = (env: Record<string, string>): Config =>
      loadConfig({ NODEPLANE_DRIVER: 'incus', ...env })
    expect(imageAliasOf(config({ NODEPLANE_INCUS_IMAGE: 'my-image' }))).toBe('my-image')
    expect(imageAliasOf(config({}))).toBe(incusImageAlias())
  })
})
