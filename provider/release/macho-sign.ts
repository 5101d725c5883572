/**
 * Ad-hoc code signing of a 64-bit Mach-O executable, what `codesign -s -` does, without a Mac.
 * `bun build --compile` writes the provider into a copy of Bun's runtime; for darwin_arm64 it
 * signs the result ad hoc, but for darwin_amd64 (Bun 1.4.5) it leaves the runtime's original
 * signature, whose page hashes no longer match, and macOS kills a process whose pages fail
 * their hashes. This signs such a file again: one CodeDirectory of SHA-256 page hashes over
 * everything before the signature, in the layout the linker and Bun write for arm64
 * (release-platforms.test.ts checks both against the hashes they claim).
 * @module
 */

const MH_MAGIC_64 = 0xfeedfacf
const LC_SEGMENT_64 = 0x19
const LC_CODE_SIGNATURE = 0x1d
const PAGE_SHIFT = 12
const PAGE = 1 << PAGE_SHIFT
const HASH_SIZE = 32
const CODE_DIRECTORY_HEADER = 88 // version 0x20400, with the executable segment fields
const CS_ADHOC = 0x2
const CS_LINKER_SIGNED = 0x20000
const CS_EXECSEG_MAIN_BINARY = 0x1

interface LoadCommands {
  signature: number // offset of LC_CODE_SIGNATURE
  linkedit: number // offset of the __LINKEDIT LC_SEGMENT_64
  text: number // offset of the __TEXT LC_SEGMENT_64
}

function loadCommands(file: Buffer): LoadCommands {
  if (file.readUInt32LE(0) !== MH_MAGIC_64) throw new Error('not a 64-bit Mach-O file')
  const found: Partial<LoadCommands> = {}
  let offset = 32
  for (let i = 0; i < file.readUInt32LE(16); i++) {
    const cmd = file.readUInt32LE(offset)
    if (cmd === LC_CODE_SIGNATURE) found.signature = offset
    if (cmd === LC_SEGMENT_64) {
      const name = file.toString('latin1', offset + 8, offset + 24).replace(/\0+$/, '')
      if (name === '__LINKEDIT') found.linkedit = offset
      if (name === '__TEXT') found.text = offset
    }
    offset += file.readUInt32LE(offset + 4)
  }
  if (found.signature === undefined || found.linkedit === undefined || found.text === undefined)
    throw new Error('Mach-O file without a signature slot, __LINKEDIT or __TEXT')
  return found as LoadCommands
}

const align = (n: number, to: number) => Math.ceil(n / to) * to

/** The SHA-256 hash of each page of `code`, the last one as long as what is left. */
async function pageHashes(code: Buffer): Promise<Buffer> {
  const { createHash } = await import('node:crypto')
  const hashes = Buffer.alloc(Math.ceil(code.length / PAGE) * HASH_SIZE)
  for (let page = 0; page * PAGE < code.length; page++)
    createHash('sha256')
      .update(code.subarray(page * PAGE, (page + 1) * PAGE))
      .digest()
      .copy(hashes, page * HASH_SIZE)
  return hashes
}

/** The file signed ad hoc, with `identifier` as its code signing identifier. */
export async function adHocSign(file: Buffer, identifier: string): Promise<Buffer> {
  const lc = loadCommands(file)
  const codeLimit = file.readUInt32LE(lc.signature + 8)
  const ident = Buffer.from(`${identifier}\0`)
  const slots = Math.ceil(codeLimit / PAGE)
  const hashOffset = CODE_DIRECTORY_HEADER + ident.length
  const directoryLength = hashOffset + slots * HASH_SIZE
  const size = 12 + 8 + directoryLength

  const out = Buffer.alloc(codeLimit + size)
  file.copy(out, 0, 0, codeLimit)
  // The headers are part of the signed pages: the new sizes go in before hashing.
  out.writeUInt32LE(size, lc.signature + 12)
  const linkeditStart = Number(out.readBigUInt64LE(lc.linkedit + 40))
  const linkeditSize = codeLimit + size - linkeditStart
  out.writeBigUInt64LE(BigInt(linkeditSize), lc.linkedit + 48)
  out.writeBigUInt64LE(BigInt(align(linkeditSize, PAGE)), lc.linkedit + 32)

  const blob = out.subarray(codeLimit)
  blob.writeUInt32BE(0xfade0cc0, 0) // SuperBlob
  blob.writeUInt32BE(size, 4)
  blob.writeUInt32BE(1, 8)
  blob.writeUInt32BE(0, 12) // slot 0: the CodeDirectory
  blob.writeUInt32BE(20, 16)
  const cd = blob.subarray(20)
  cd.writeUInt32BE(0xfade0c02, 0)
  cd.writeUInt32BE(directoryLength, 4)
  cd.writeUInt32BE(0x20400, 8)
  cd.writeUInt32BE(CS_ADHOC | CS_LINKER_SIGNED, 12)
  cd.writeUInt32BE(hashOffset, 16)
  cd.writeUInt32BE(CODE_DIRECTORY_HEADER, 20) // identOffset
  cd.writeUInt32BE(0, 24) // no special slots
  cd.writeUInt32BE(slots, 28)
  cd.writeUInt32BE(codeLimit, 32)
  cd.writeUInt8(HASH_SIZE, 36)
  cd.writeUInt8(2, 37) // SHA-256
  cd.writeUInt8(0, 38)
  cd.writeUInt8(PAGE_SHIFT, 39)
  cd.writeBigUInt64BE(out.readBigUInt64LE(lc.text + 40), 64) // execSegBase: __TEXT's offset
  cd.writeBigUInt64BE(out.readBigUInt64LE(lc.text + 48), 72) // execSegLimit: its size
  cd.writeBigUInt64BE(BigInt(CS_EXECSEG_MAIN_BINARY), 80)
  ident.copy(cd, CODE_DIRECTORY_HEADER)
  ;(await pageHashes(out.subarray(0, codeLimit))).copy(cd, hashOffset)
  return out
}
