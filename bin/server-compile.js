// Compiles server/ (argv[2]) into argv[3]: each .ts/.tsx file to .js with esbuild (types
// stripped, JSX for hono/jsx, nothing bundled), every other file copied as it is (migrations,
// static assets, the default catalog, scripts), and a package.json marking the files ESM.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const [source, out] = process.argv.slice(2)
const files = readdirSync(source, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
const typescript = files.filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
await build({
  entryPoints: typescript,
  outdir: out,
  outbase: source,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
  logLevel: 'error',
})
for (const file of files.filter((file) => !/\.tsx?$/.test(file))) {
  const target = join(out, relative(source, file))
  mkdirSync(dirname(target), { recursive: true })
  copyFileSync(file, target)
}
writeFileSync(join(out, '..', 'package.json'), '{"type":"module"}\n')
