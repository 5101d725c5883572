/**
 * A node's console on podman: `podman exec -it` of a root login shell, given the terminal it
 * needs by util-linux `script`, which runs it on a pseudo-terminal of its own and relays the
 * bytes through plain pipes. No sshd, no network and no password inside the node are involved.
 *
 * A resize sets that pseudo-terminal's size from outside (`stty -F`); the kernel then signals
 * SIGWINCH to `podman exec`, which passes the size on to the shell's terminal in the container.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile, readlink } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ConsoleSession, TerminalSize } from '../driver.js'
import { run } from '../network/exec.js'
import { containerState } from './podman.js'

/** The dashboard's terminal (xterm.js) speaks xterm's language. */
const EXEC_OPTIONS = [
  '--interactive',
  '--tty',
  '--env',
  'TERM=xterm-256color',
  '--workdir',
  '/root',
]
const SHELL = ['/bin/bash', '--login']
/** How often a resize asked for before the shell started looks again. */
const PTY_POLL_MS = 50

/** The `sh -c` command `script` runs: the size first, so the shell starts with it. */
function consoleCommand(container: string, size: TerminalSize): string {
  const exec = ['podman', 'exec', ...EXEC_OPTIONS, container, ...SHELL]
  return `stty cols ${size.cols} rows ${size.rows}; exec ${exec.join(' ')}`
}

/**
 * The pseudo-terminal `script` made (the standard input of its child), once that child is
 * `podman exec`: before, it is the `sh` whose `stty` sets the first size, which would undo a
 * resize made earlier.
 */
async function ptyOf(script: ChildProcess): Promise<string | undefined> {
  try {
    const children = await readFile(`/proc/${script.pid}/task/${script.pid}/children`, 'utf8')
    const child = children.trim().split(' ')[0]
    if (!child || (await readFile(`/proc/${child}/comm`, 'utf8')).trim() !== 'podman') return
    return await readlink(`/proc/${child}/fd/0`)
  } catch {
    return undefined // `script` or its child has already ended
  }
}

const running = (script: ChildProcess) => script.exitCode === null && script.signalCode === null

/**
 * Opens a root shell in the running container `container` with a terminal of `size`; rejects
 * when the container is not running. Names are nodeplane's own (safe in a shell command).
 */
export async function openPodmanConsole(
  container: string,
  size: TerminalSize
): Promise<ConsoleSession> {
  const state = await containerState(container)
  if (!state?.running) throw new Error(`the container ${container} is not running`)
  const script = spawn(
    'script',
    ['--quiet', '--echo', 'never', '--command', consoleCommand(container, size), '/dev/null'],
    { stdio: ['pipe', 'pipe', 'ignore'] }
  )
  const ended = new Promise<void>((resolve) => script.once('close', () => resolve()))
  // A write after the shell ended fails with EPIPE: the session is ending anyway.
  script.stdin.on('error', () => undefined)
  script.once('error', () => undefined)
  return {
    // Not writable: the shell ended, and so does the session; nothing to wait for.
    write: (bytes) => !script.stdin.writable || script.stdin.write(bytes),
    onDrain: (listener) => void script.stdin.on('drain', listener),
    resize: resizer(script),
    onOutput: (listener) => void script.stdout.on('data', listener),
    pause: () => void script.stdout.pause(),
    resume: () => void script.stdout.resume(),
    onEnd: (listener) => void ended.then(listener),
    close: () => void (script.exitCode === null && script.kill('SIGTERM')),
  }
}

/** Resizes one at a time, the last size asked for winning over those still waiting. */
function resizer(script: ChildProcess): (size: TerminalSize) => void {
  let next: TerminalSize | undefined
  let busy = false
  async function drain(): Promise<void> {
    busy = true
    while (next && running(script)) {
      const pty = await ptyOf(script)
      // Not started yet: the size waits (a newer one may replace it meanwhile).
      if (!pty) {
        await sleep(PTY_POLL_MS)
        continue
      }
      const { cols, rows } = next
      next = undefined
      await run('stty', ['-F', pty, 'cols', String(cols), 'rows', String(rows)]).catch(
        () => undefined
      )
    }
    busy = false
  }
  return (size) => {
    next = size
    if (!busy) void drain()
  }
}
