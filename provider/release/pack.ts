/**
 * `npm pack`'s share of the provider (package.json `prepack`): what the installed package
 * needs to build the release on first use, not the release. It writes into `dist/provider/`
 * the bundled provider script (build.ts `bundleSource`, about 1 MB) and the release steps
 * (versioned.ts and what it imports, yazl included) as one ES module at
 * `release/versioned.js`, where the compiled server's `nodeplane provider build` imports it
 * (`../../provider/release/versioned.js` from dist/server/cli/provider.js, as from
 * server/cli/provider.ts).
 * The archives are compiled from these by the installed `bun` on first use.
 * @module
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { build } from 'esbuild'
import { bundleSource, PACKED_SOURCE, ROOT } from './build.js'

const OUT = dirname(PACKED_SOURCE)

rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })
writeFileSync(PACKED_SOURCE, await bundleSource())
await build({
  entryPoints: [join(ROOT, 'provider/release/versioned.ts')],
  outfile: join(OUT, 'release/versioned.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Reached only in a checkout, where the sources are bundled afresh.
  external: ['esbuild'],
  // yazl is CommonJS and requires Node's modules, which an ES module bundle cannot by itself.
  banner: {
    js: "import { createRequire as requireFrom } from 'node:module'; const require = requireFrom(import.meta.url);",
  },
  logLevel: 'warning',
})
