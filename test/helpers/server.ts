import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { databaseEnv } from './database.js'
import { tempDir } from './temp-dirs.js'

export const REPO = fileURLToPath(new URL('../..', import.meta.url))
/**
 * The command the servers and CLI runs start: this checkout's, or the one NODEPLANE_TEST_CLI names
 * (an installed package's `<prefix>/bin/nodeplane`, test/setup/install-package.sh), run by the
 * same `node` so `nodeArgs` still apply.
 */
export const CLI = process.env.NODEPLANE_TEST_CLI || join(REPO, 'bin/nodeplane.js')

/** A real nodeplane server process on 127.0.0.1 with its own SQLite data directory. */
export interface TestServer {
  url: string
  dataDir: string
  process: ChildProcess
  /** Every JSON log line the server printed so far. */
  logs: Record<string, unknown>[]
  /** What the server wrote to stderr so far (human messages such as the admin password). */
  stderr(): string
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>
  /** SIGKILL and wait for exit: a crash, with no chance to clean up. */
  kill(): Promise<void>
}

export function newDataDir(): string {
  return tempDir('nodeplane-test-')
}

/**
 * Starts `nodeplane serve --port 0` and resolves once it logs the address it listens on. In
 * the PostgreSQL run the server uses a database of its data directory's own.
 */
export async function startServer(
  options: {
    dataDir?: string
    env?: Record<string, string>
    keepLogs?: boolean
    /** Flags for the server's `node` (such as `--cpu-prof`, which NODE_OPTIONS refuses). */
    nodeArgs?: string[]
    /** Another `nodeplane` command than {@link CLI}. */
    cli?: string
    /** More flags for `nodeplane serve` (such as `--tls-cert FILE`). */
    args?: string[]
  } = {}
): Promise<TestServer> {
  const dataDir = options.dataDir ?? newDataDir()
  const database = await databaseEnv(dataDir)
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      options.cli ?? CLI,
      'serve',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data',
      dataDir,
      ...(options.args ?? []),
    ],
    {
      cwd: REPO,
      env: {
        ...process.env,
        NODEPLANE_PROVISION_SECONDS: '0',
        NODEPLANE_TEARDOWN_SECONDS: '0',
        // The provider release is built at start only where a test asks for it (the registry's).
        NODEPLANE_PROVIDER_BUILD: 'off',
        ...database,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  const logs: Record<string, unknown>[] = []
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stopWith = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${stderr}`))
    )
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>
      logs.push(entry)
      if (entry.msg === 'listening') {
        // Benchmarks drain the log unread: parsing it would load the load generator's process.
        if (options.keepLogs === false) {
          lines.close()
          child.stdout.resume()
        }
        resolve({
          url: String(entry.url),
          dataDir,
          process: child,
          logs,
          stderr: () => stderr,
          stop: stopWith('SIGTERM'),
          kill: stopWith('SIGKILL'),
        })
      }
    })
  })
}

/**
 * Runs the CLI to completion and returns its output; `--data DIR` also selects DIR's database.
 * It runs in the checkout unless `cwd` says where.
 */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
  options: { cwd?: string } = {}
): Promise<{ code: number; stdout: string; stderr: string }> {
  const dataDir = args[args.indexOf('--data') + 1]
  const database = args.includes('--data') && dataDir ? await databaseEnv(dataDir) : {}
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? REPO,
      env: { ...process.env, ...database, ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })
}
