#!/usr/bin/env node
// Runs the CLI. An installed package (`npm pack`, docs/operations.md) carries the server
// prebuilt in dist/server and no TypeScript sources, so every command runs plain JavaScript.
// In a checkout, `serve`, which stays up, runs the server compiled once per version of its
// sources (server-build.js); the short commands, and `serve` when no build can be made, run the
// sources through tsx.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const packed = new URL('../dist/server/main.js', import.meta.url)
const checkout = existsSync(new URL('../server/main.ts', import.meta.url))

if (!checkout) {
  await import(packed.href)
} else {
  const { compiledServer } = await import('./server-build.js')
  const entry =
    process.argv[2] === 'serve' && !process.env.NODEPLANE_RUN_TYPESCRIPT
      ? compiledServer()
      : undefined
  if (entry) {
    await import(entry)
  } else {
    const { register } = await import('tsx/esm/api')
    // tsx otherwise reads the tsconfig.json of the current directory, or none: run from
    // anywhere else, the dashboard's JSX would compile for React instead of hono/jsx.
    register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) })
    await import('../server/main.ts')
  }
}
