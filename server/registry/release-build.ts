/**
 * The background build of the registry's default release, started by `nodeplane serve` and
 * never by a request: building runs Bun and downloads runtimes, so an anonymous GET must not
 * be able to start one. The work is the CLI's (`nodeplane provider build`) in a child process:
 * in a checkout the release steps are TypeScript, which the compiled server cannot load, and the
 * build's memory (esbuild, the zips) goes with it. A build that fails or outlasts its timeout
 * is tried again after a back-off that doubles, from a minute up to an hour.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process'
import type { Logger } from 'pino'

const FIRST_RETRY_MS = 60_000
const LAST_RETRY_MS = 3_600_000

/** Where the build is: never started, under way, or failed and waiting for its retry. */
export type BuildState =
  { kind: 'idle' } | { kind: 'building' } | { kind: 'failed'; retryAt: number }

export interface ReleaseBuilder {
  state(): BuildState
  /** Starts the first build; later calls do nothing (retries start themselves). */
  start(): void
  /** Stops a build under way and any retry (the server is stopping). */
  stop(): Promise<void>
}

/** The back-off after the `failures`th failure in a row. */
export const retryDelayMs = (failures: number) =>
  Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1))

/** Builds into `parent` (`<data>/provider-release`), giving up on an attempt after `timeoutMs`. */
export function releaseBuilder(parent: string, timeoutMs: number, log: Logger): ReleaseBuilder {
  let state: BuildState = { kind: 'idle' }
  let failures = 0
  let retry: NodeJS.Timeout | undefined
  let running: { child: ChildProcess; done: Promise<void> } | undefined
  let started = false

  function attempt(): void {
    state = { kind: 'building' }
    log.info({ dir: parent }, 'building the provider release for the registry')
    running = runBuild(parent, timeoutMs, log)
    void running.done.then(
      () => {
        running = undefined
        failures = 0
        state = { kind: 'idle' }
      },
      () => {
        running = undefined
        const delay = retryDelayMs(++failures)
        state = { kind: 'failed', retryAt: Date.now() + delay }
        log.warn({ retry_in_s: delay / 1000 }, 'the provider release build is tried again later')
        retry = setTimeout(attempt, delay)
        // A pending retry must not keep the process alive.
        retry.unref()
      }
    )
  }

  return {
    state: () => state,
    start: () => {
      if (started) return
      started = true
      attempt()
    },
    async stop() {
      clearTimeout(retry)
      if (!running) return
      killGroup(running.child)
      await running.done.catch(() => undefined)
    },
  }
}

/**
 * One `nodeplane provider build` in a process group of its own, so that a timeout ends Bun's
 * compiles with it. Resolves when it succeeded; rejects (after logging why) otherwise.
 */
function runBuild(
  parent: string,
  timeoutMs: number,
  log: Logger
): { child: ChildProcess; done: Promise<void> } {
  const cli = [...process.execArgv, process.argv[1]!, 'provider', 'build', parent]
  const child = spawn(process.execPath, cli, { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let stderr = ''
  child.stdout.resume()
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8192)))
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    killGroup(child)
  }, timeoutMs)
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (err) => (stderr += String(err)))
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code === 0) {
        log.info({ dir: parent }, 'the provider release is ready')
        return resolve()
      }
      const why = timedOut ? `timed out after ${timeoutMs / 1000} s` : `exit code ${code}`
      log.error({ code, stderr: stderr.trim() }, `could not build the provider release: ${why}`)
      reject(new Error(why))
    })
  })
  return { child, done }
}

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}
