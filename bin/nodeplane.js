#!/usr/bin/env node
// Runs the TypeScript CLI without a build step. `serve`, which stays up, runs the server compiled
// once per version of its sources (server-build.js); the short commands, and `serve` when no
// build can be made, run the sources through tsx.
import { compiledServer } from './server-build.js'

const entry =
  process.argv[2] === 'serve' && !process.env.NODEPLANE_RUN_TYPESCRIPT
    ? compiledServer()
    : undefined
if (entry) {
  await import(entry)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../server/main.ts')
}
