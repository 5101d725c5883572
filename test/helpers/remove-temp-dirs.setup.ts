import { afterAll } from 'vitest'
import { removeTempDirs } from './temp-dirs.js'

// Registered before the test file's own hooks, so with vitest's default "stack" order it runs
// after them: once the file's servers have stopped.
afterAll(removeTempDirs)
