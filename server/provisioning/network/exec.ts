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

/**
 * Runs a program with an argument array (never through a shell) and resolves with its stdout.
 * `input` goes to stdin, which is how secrets reach a program without showing in `ps`.
 */
export function run(
  command: string,
  args: string[],
  options: { input?: string } = {}
): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = options.input
    const child = spawn(command, args, {
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    // Decoded as a stream: a character split between two chunks stays whole (user data output).
    child.stdout!.setEncoding('utf8')
    child.stdout!.on('data', (chunk) => (stdout += chunk))
    child.stderr!.on('data', (chunk) => (stderr += chunk))
    child.once('error', reject)
    child.once('close', (code) => {
      if (code === 0) resolve(stdout)
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
  options: { input?: string } = {}
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
