import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadSync } from '@grpc/proto-loader'
import { afterAll, describe, expect, it } from 'vitest'
import { generate, PROTO_FILES } from '../../provider/protocol/gen-proto.js'
import { serviceDefinition } from '../../provider/protocol/proto.js'
import { removeTempDirs, tempDir } from '../helpers/temp-dirs.js'

const PROTO_DIR = fileURLToPath(new URL('../../provider/protocol/proto/', import.meta.url))
const GEN_DIR = fileURLToPath(new URL('../../provider/protocol/gen/', import.meta.url))

afterAll(removeTempDirs)

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .sort()

/**
 * The oracle: @grpc/proto-loader reflecting over the .proto files at run time, with the options
 * the handlers' generated types were made for (what the provider ran on before static code).
 */
const loaded = loadSync(PROTO_FILES, {
  includeDirs: [PROTO_DIR],
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
})

const plan = {
  typeName: 'nodeplane_node',
  priorState: { msgpack: Buffer.from([0x81, 0xa2, 0x69, 0x64, 0xa1, 0x78]) },
  proposedNewState: { json: Buffer.from('{"id":"x"}') },
  clientCapabilities: { deferralAllowed: true },
}
const schema = {
  provider: {
    version: 1,
    block: { attributes: [{ name: 'endpoint', type: Buffer.from('"string"'), optional: true }] },
  },
  resourceSchemas: {
    nodeplane_node: {
      version: 2,
      block: {
        attributes: [
          {
            name: 'disks',
            nestedType: {
              nesting: 'LIST',
              attributes: [{ name: 'size', type: Buffer.from('"number"'), required: true }],
            },
            descriptionKind: 'MARKDOWN',
          },
        ],
      },
    },
  },
  diagnostics: [
    {
      severity: 'ERROR',
      summary: 'bad',
      attribute: { steps: [{ attributeName: 'name' }, { elementKeyInt: 3 }] },
    },
  ],
  serverCapabilities: { getProviderSchemaOptional: true },
}

describe('the generated protocol code', () => {
  it('is what npm run gen:proto makes of the vendored protos', () => {
    const fresh = tempDir('nodeplane-gen-proto-')
    generate(fresh)
    expect(files(fresh)).toEqual(files(GEN_DIR))
    for (const file of files(GEN_DIR)) {
      expect(
        readFileSync(join(fresh, file), 'utf8'),
        `${file} is stale: run npm run gen:proto`
      ).toBe(readFileSync(join(GEN_DIR, file), 'utf8'))
    }
  }, 60_000) // two generators run as child processes, on a shared machine

  it.each([
    ['PlanResourceChange', 'request', plan],
    ['GetProviderSchema', 'response', schema],
  ] as const)(
    'encodes and decodes %s %ss exactly as proto-loader reflection does',
    (method, side, object) => {
      const ours = serviceDefinition('tfplugin6.Provider')[method]!
      const theirs = (loaded['tfplugin6.Provider'] as Record<string, typeof ours>)[method]!
      type Codec = { serialize: (value: object) => Buffer; deserialize: (bytes: Buffer) => object }
      const pick = (d: typeof ours): Codec =>
        side === 'request'
          ? { serialize: d.requestSerialize, deserialize: d.requestDeserialize }
          : { serialize: d.responseSerialize, deserialize: d.responseDeserialize }
      const { serialize, deserialize } = pick(ours)
      const { serialize: referenceSerialize, deserialize: referenceDeserialize } = pick(theirs)
      const bytes = serialize(object)
      expect(Buffer.from(bytes)).toEqual(Buffer.from(referenceSerialize(object)))
      // Enums as names, defaults filled in, oneof case names: what the handlers were written against.
      expect(deserialize(bytes)).toEqual(referenceDeserialize(bytes))
    }
  )
})
