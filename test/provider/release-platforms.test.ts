/**
 * Every platform's archive of the provider release, built once (compiled executables are cached
 * under ~/.cache/nodeplane/provider-exe): listed in SHA256SUMS with its true hash, holding one
 * executable of the platform's format and processor. Only linux_amd64 runs here
 * (release.test.ts); this checks the headers that decide whether the others can start at all.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { inflateRawSync } from 'node:zlib'
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

/** The name and the content of the one file in a zip, read from its local file header. */
function onlyEntry(archive: string): { name: string; content: Buffer } {
  const zip = readFileSync(archive)
  expect(zip.readUInt32LE(0)).toBe(0x04034b50)
  expect(zip.readUInt16LE(8)).toBe(8) // deflated
  const nameLength = zip.readUInt16LE(26)
  const start = 30 + nameLength + zip.readUInt16LE(28)
  const name = zip.subarray(30, 30 + nameLength).toString()
  return { name, content: inflateRawSync(zip.subarray(start)) }
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

/**
 * Problems of a Mach-O executable's code signature, as macOS checks it before it runs a page:
 * one CodeDirectory whose SHA-256 page hashes cover everything before the signature.
 */
function signatureProblems(exe: Buffer): string[] {
  let offset = 32
  let signature: number | undefined
  for (let i = 0; i < exe.readUInt32LE(16); i++) {
    if (exe.readUInt32LE(offset) === 0x1d) signature = exe.readUInt32LE(offset + 8)
    offset += exe.readUInt32LE(offset + 4)
  }
  if (signature === undefined) return ['no LC_CODE_SIGNATURE']
  expect(exe.readUInt32BE(signature)).toBe(0xfade0cc0) // SuperBlob
  const cd = signature + exe.readUInt32BE(signature + 16)
  expect(exe.readUInt32BE(cd)).toBe(0xfade0c02) // CodeDirectory
  const problems: string[] = []
  if (!(exe.readUInt32BE(cd + 12) & 0x2)) problems.push('not ad hoc')
  const codeLimit = exe.readUInt32BE(cd + 32)
  if (codeLimit !== signature) problems.push(`codeLimit ${codeLimit} is not the signature's offset`)
  const hashes = cd + exe.readUInt32BE(cd + 16)
  const pageSize = 1 << exe.readUInt8(cd + 39)
  for (let page = 0; page < exe.readUInt32BE(cd + 28); page++) {
    const code = exe.subarray(page * pageSize, Math.min((page + 1) * pageSize, codeLimit))
    const claimed = exe.subarray(hashes + page * 32, hashes + (page + 1) * 32)
    if (!createHash('sha256').update(code).digest().equals(claimed)) problems.push(`page ${page}`)
  }
  return problems
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
      const { name, content } = onlyEntry(join(releaseDir, archiveName(platform)))
      expect(name).toBe(executableName(undefined, platform))
      expect(name.endsWith('.exe')).toBe(platform.startsWith('windows_'))
      expect(describeExecutable(content)).toBe(EXPECTED[platform])
      // Apple silicon runs no unsigned code, and no Mac a page that fails its hash.
      if (platform.startsWith('darwin_')) expect(signatureProblems(content)).toEqual([])
    })
  }
})
