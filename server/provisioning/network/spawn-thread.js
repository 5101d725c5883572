/**
 * The thread the engines' programs are started from (see `run` in exec.ts). Starting a program
 * blocks the thread that starts it until the program has replaced the forked copy (libuv waits
 * for its exec), and on a loaded machine that copy waits its turn for a core: 20 to 100 ms a
 * program. On the server's own thread that stopped the API: twenty podman creates at once kept
 * it blocked nine tenths of the time. Plain JavaScript, so it loads as it is from the sources
 * (tsx, vitest) and from the compiled server alike.
 *
 * Takes `{ id, command, args, options }` ({ input, maxOutputBytes, timeoutMs, cwd }); answers
 * `{ id, outcome }`: `ok` with `stdout`, `exit` with `code` and `stderr`, `timeout`,
 * `overflow`, or `error` with `message` and `errno` (the program could not be started).
 * @module
 */
import { spawn } from 'node:child_process'
import { parentPort } from 'node:worker_threads'

/** How much of stderr a failure keeps (its end): enough for a message, never a flood. */
const STDERR_KEPT = 8 * 1024

function run({ id, command, args, options }) {
  const { input, maxOutputBytes, timeoutMs, cwd } = options
  const answer = (message) => parentPort.postMessage({ id, ...message })
  let child
  try {
    child = spawn(command, args, {
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      cwd,
    })
  } catch (err) {
    answer({ outcome: 'error', message: err.message, errno: err.code })
    return
  }
  let stdout = ''
  let stderr = ''
  let outBytes = 0
  let overflowed = false
  let timedOut = false
  // The pipes go too: a child of the program (a shell's) may hold them open after it died.
  const kill = () => {
    child.kill('SIGKILL')
    child.stdout.destroy()
    child.stderr.destroy()
  }
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true
          kill()
        }, timeoutMs)
  // Decoded as a stream: a character split between two chunks stays whole (user data output).
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk) => {
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
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT)
  })
  child.once('error', (err) => {
    clearTimeout(timer)
    answer({ outcome: 'error', message: err.message, errno: err.code })
  })
  child.once('close', (code) => {
    clearTimeout(timer)
    if (timedOut) answer({ outcome: 'timeout' })
    else if (overflowed) answer({ outcome: 'overflow' })
    else if (code === 0) answer({ outcome: 'ok', stdout })
    else answer({ outcome: 'exit', code, stderr })
  })
  if (input !== undefined) {
    // A program that exits without reading its input must not crash the thread with EPIPE.
    child.stdin.on('error', () => undefined)
    child.stdin.end(input)
  }
}

parentPort.on('message', run)
