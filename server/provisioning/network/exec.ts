import { Worker } from 'node:worker_threads'

/** A command that exited non-zero, with what it printed to stderr. */
export class CommandError extends Error {
  constructor(
    readonly command: string[],
    readonly code: number | null,
    readonly stderr: string
  ) {
    super(`${command.join(' ')} exited with ${code}: ${stderr.trim() || '(no output)'}`)
  }
}

/** A command that printed more than it was allowed to; it was killed. */
export class OutputLimitError extends Error {
  constructor(
    readonly command: string[],
    readonly limit: number
  ) {
    super(`${command.slice(0, 3).join(' ')} printed more than ${limit} bytes and was killed`)
  }
}

export interface RunOptions {
  /** Goes to stdin, which is how secrets reach a program without showing in `ps`. */
  input?: string
  /**
   * Kills the program and rejects (`OutputLimitError`) once its stdout passes this many bytes:
   * for programs whose output someone else controls (a `podman exec` inside a tenant's node),
   * which must not fill the control plane's memory.
   */
  maxOutputBytes?: number
  /** Kills the program and rejects (`TimeoutError`) when it has not ended after this long. */
  timeoutMs?: number
  /** The working directory of the program; this process's own by default. */
  cwd?: string
}

/** A command that did not end in time; it was killed. */
export class TimeoutError extends Error {
  constructor(
    readonly command: string[],
    readonly timeoutMs: number
  ) {
    super(`${command.slice(0, 3).join(' ')} did not end within ${timeoutMs} ms and was killed`)
  }
}

/** What the spawn thread answers about one program (spawn-thread.js). */
type Outcome =
  | { id: number; outcome: 'ok'; stdout: string }
  | { id: number; outcome: 'exit'; code: number | null; stderr: string }
  | { id: number; outcome: 'timeout' }
  | { id: number; outcome: 'overflow' }
  | { id: number; outcome: 'error'; message: string; errno?: string }

interface Pending {
  command: string[]
  options: RunOptions
  resolve: (stdout: string) => void
  reject: (err: Error) => void
}

let thread: Worker | undefined
const pending = new Map<number, Pending>()
let nextId = 0

function settle(answer: Outcome): void {
  const call = pending.get(answer.id)
  if (!call) return
  pending.delete(answer.id)
  // Only a program in flight keeps the process alive (a CLI command waits for its answer).
  if (pending.size === 0) thread?.unref()
  if (answer.outcome === 'ok') call.resolve(answer.stdout)
  else call.reject(failure(call, answer))
}

function failure(
  { command, options }: Pending,
  answer: Exclude<Outcome, { outcome: 'ok' }>
): Error {
  switch (answer.outcome) {
    case 'exit':
      return new CommandError(command, answer.code, answer.stderr)
    case 'timeout':
      return new TimeoutError(command, options.timeoutMs!)
    case 'overflow':
      return new OutputLimitError(command, options.maxOutputBytes!)
    case 'error':
      return Object.assign(new Error(answer.message), { code: answer.errno })
  }
}

/** The spawn thread, started on first use: a server on the simulated driver never has one. */
function spawnThread(): Worker {
  if (thread) return thread
  const started = new Worker(new URL('./spawn-thread.js', import.meta.url))
  started.on('message', settle)
  // A thread that died takes its calls with it; the next call starts a new one.
  const fail = (err: Error) => {
    if (thread !== started) return
    thread = undefined
    for (const call of pending.values()) call.reject(err)
    pending.clear()
  }
  started.on('error', fail)
  started.on('exit', (code) => fail(new Error(`the spawn thread exited with ${code}`)))
  thread = started
  return started
}

/**
 * Runs a program with an argument array (never through a shell) and resolves with its stdout.
 * `input` goes to stdin, which is how secrets reach a program without showing in `ps`. The end
 * of stderr is kept for the error; stdout is bounded by `maxOutputBytes` when given. Programs
 * are started from a thread of their own (spawn-thread.js): starting one blocks the thread that
 * does it, which must not be the one answering the API.
 */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = nextId++
    const worker = spawnThread()
    pending.set(id, { command: [command, ...args], options, resolve, reject })
    worker.ref()
    worker.postMessage({ id, command, args, options })
  })
}

/** Like `run`, but resolves to false instead of rejecting when the program fails. */
export async function succeeds(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args)
    return true
  } catch {
    return false
  }
}

/** `ip` inside a namespace (`ip -n NS ...`). */
export function ipIn(namespace: string, args: string[]): Promise<string> {
  return run('ip', ['-n', namespace, ...args])
}

/** `ip -j` inside a namespace, parsed; iproute2 prints nothing at all for an empty list. */
export async function ipJson<T>(namespace: string, args: string[]): Promise<T[]> {
  const out = await ipIn(namespace, ['-j', ...args])
  return out.trim() ? (JSON.parse(out) as T[]) : []
}

/** Runs a program inside a namespace (`ip netns exec NS ...`). */
export function execIn(
  namespace: string,
  command: string,
  args: string[],
  options: RunOptions = {}
): Promise<string> {
  return run('ip', ['netns', 'exec', namespace, command, ...args], options)
}

/** The names from `ip netns list` (which prints `name (id: N)` for namespaces with an id). */
export async function listNamespaces(): Promise<string[]> {
  const out = await run('ip', ['netns', 'list'])
  return out
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter(Boolean)
}
