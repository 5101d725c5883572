import { spawn } from 'node:child_process'

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

/** How much of stderr a failure keeps (its end): enough for a message, never a flood. */
const STDERR_KEPT = 8 * 1024

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

/**
 * Runs a program with an argument array (never through a shell) and resolves with its stdout.
 * `input` goes to stdin, which is how secrets reach a program without showing in `ps`. The end
 * of stderr is kept for the error; stdout is bounded by `maxOutputBytes` when given.
 */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const { input, maxOutputBytes, timeoutMs, cwd } = options
    const child = spawn(command, args, {
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      cwd,
    })
    let stdout = ''
    let stderr = ''
    let outBytes = 0
    let overflowed = false
    let timedOut = false
    // The pipes go too: a child of the program (a shell's) may hold them open after it died.
    const kill = () => {
      child.kill('SIGKILL')
      child.stdout!.destroy()
      child.stderr!.destroy()
    }
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true
            kill()
          }, timeoutMs)
    // Decoded as a stream: a character split between two chunks stays whole (user data output).
    child.stdout!.setEncoding('utf8')
    child.stdout!.on('data', (chunk: string) => {
      if (overflowed) return
      outBytes += Buffer.byteLength(chunk)
      if (maxOutputBytes !== undefined && outBytes > maxOutputBytes) {
        overflowed = true
        stdout = ''
        kill()
        return
      }
      stdout += chunk
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT)
    })
    child.once('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    child.once('close', (code) => {
      clearTimeout(timer)
      if (timedOut) reject(new TimeoutError([command, ...args], timeoutMs!))
      else if (overflowed) reject(new OutputLimitError([command, ...args], maxOutputBytes!))
      else if (code === 0) resolve(stdout)
      else reject(new CommandError([command, ...args], code, stderr))
    })
    if (input !== undefined) {
      // A program that exits without reading its input must not crash the server with EPIPE.
      child.stdin!.on('error', () => undefined)
      child.stdin!.end(input)
    }
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
