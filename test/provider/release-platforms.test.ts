/**
 * Every platform's archive of the provider release, built once (compiled executables are cached
 * under ~/.cache/nodeplane/provider-exe): listed in SHA256SUMS with its true hash, holding one
 * executable of the platform's format and processor. Only linux_amd64 runs here
 * (release.test.ts); this checks the headers that decide whether the others can start at all.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { constants, inflateRawSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  archiveName,
  buildRelease,
  executableName,
  PLATFORMS,
  sumsName,
} from '../../provider/release/build.js'
import { removeTempDirs, tempDir } from '../helpers/temp-dirs.js'

let releaseDir: string

beforeAll(async () => {
  releaseDir = tempDir('nodeplane-release-')
  await buildRelease(releaseDir)
}, 600_000)
afterAll(removeTempDirs)

/** The name and the first bytes of the one file in a zip, read from its local file header. */
function firstEntry(archive: string): { name: string; head: Buffer } {
  const zip = readFileSync(archive)
  expect(zip.readUInt32LE(0)).toBe(0x04034b50)
  expect(zip.readUInt16LE(8)).toBe(8) // deflated
  const nameLength = zip.readUInt16LE(26)
  const start = 30 + nameLength + zip.readUInt16LE(28)
  const name = zip.subarray(30, 30 + nameLength).toString()
  // A part of the stream inflates to the start of the file; a sync flush allows the cut.
  const head = inflateRawSync(zip.subarray(start, start + (1 << 20)), {
    finishFlush: constants.Z_SYNC_FLUSH,
  })
  return { name, head }
}

/** What an executable's header says it is: format and processor. */
function describeExecutable(head: Buffer): string {
  if (head.readUInt32BE(0) === 0x7f454c46) {
    const machine = { 0x3e: 'x86-64', 0xb7: 'arm64' }[head.readUInt16LE(18)]
    return `ELF ${machine}`
  }
  if (head.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = { 0x01000007: 'x86-64', 0x0100000c: 'arm64' }[head.readUInt32LE(4)]
    return `Mach-O ${cpu}`
  }
  if (head.toString('latin1', 0, 2) === 'MZ') {
    const pe = head.readUInt32LE(0x3c)
    expect(head.toString('latin1', pe, pe + 4)).toBe('PE\0\0')
    const machine = { 0x8664: 'x86-64', 0xaa64: 'arm64' }[head.readUInt16LE(pe + 4)]
    return `PE ${machine}`
  }
  return 'unknown'
}

const EXPECTED: Record<(typeof PLATFORMS)[number], string> = {
  linux_amd64: 'ELF x86-64',
  linux_arm64: 'ELF arm64',
  darwin_amd64: 'Mach-O x86-64',
  darwin_arm64: 'Mach-O arm64',
  windows_amd64: 'PE x86-64',
}

describe('the provider release for every platform', () => {
  it('has one archive per platform, each listed in SHA256SUMS with its true hash', () => {
    const archives = PLATFORMS.map((platform) => archiveName(platform))
    expect(readdirSync(releaseDir).sort()).toEqual([...archives, sumsName()].sort())
    const sums = readFileSync(join(releaseDir, sumsName()), 'utf8')
    for (const archive of archives) {
      const hash = createHash('sha256')
        .update(readFileSync(join(releaseDir, archive)))
        .digest('hex')
      expect(sums).toContain(`${hash}  ${archive}\n`)
    }
  })

  for (const platform of PLATFORMS) {
    it(`holds for ${platform} one ${EXPECTED[platform]} executable named as Terraform looks for it`, () => {
      const { name, head } = firstEntry(join(releaseDir, archiveName(platform)))
      expect(name).toBe(executableName(undefined, platform))
      expect(name.endsWith('.exe')).toBe(platform.startsWith('windows_'))
      expect(describeExecutable(head)).toBe(EXPECTED[platform])
    })
  }
})
