/**
 * A node's console on podman: `podman exec --interactive --tty` of a root login shell, spoken
 * to over plain pipes. podman gives the shell a terminal inside the container; the server's
 * machine holds no terminal of its own. No sshd, no network and no password inside the node
 * are involved.
 *
 * Pipes keep the shell's pace: podman stops reading them while the terminal inside is full,
 * so a paste into a shell that reads nothing waits in the client (util-linux `script`, once
 * used for a terminal here, queued its input without bound). The shell starts with the first
 * size (a launcher's `stty`); a resize sets the size from outside (`stty -F` on the shell's own
 * standard input, found by a marker in its environment), and the kernel signals SIGWINCH to
 * the shell.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
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
/** The shell starts with its terminal's size: what runs first must not see 0x0. */
const launcher = ({ cols, rows }: TerminalSize) => [
  '/bin/sh',
  '-c',
  'stty cols "$1" rows "$2" 2>/dev/null; exec /bin/bash --login',
  'console',
  String(cols),
  String(rows),
]
/** How often a shell not found yet is looked for again. */
const FIND_POLL_MS = 50
/** After a hang-up, how long the shell has to exit before podman's client is killed. */
const HANGUP_GRACE_MS = 2_000

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null

/** Whether process `pid` is in the pid namespace `namespace` and holds `marker`. */
function holdsMarker(pid: string, namespace: string, marker: string): boolean {
  try {
    if (readlinkSync(`/proc/${pid}/ns/pid`) !== namespace) return false
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker)
  } catch {
    return false // ended meanwhile
  }
}

/**
 * The pid (on this machine) of the shell whose environment holds `marker`, in the container
 * whose pid namespace is `namespace`, once the launcher became bash: a size set before would
 * be undone by the launcher's own. Synchronous: a few thousand small reads of /proc, done
 * sooner than the same asynchronous ones on a busy machine.
 */
function findShell(namespace: string, marker: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || !holdsMarker(entry, namespace, marker)) continue
    try {
      // The shell's children inherit the marker; the shell's standard input is the terminal.
      const bash = readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'bash'
      if (bash && readlinkSync(`/proc/${entry}/fd/0`).startsWith('/dev/pts/')) return Number(entry)
    } catch {
      // Ended meanwhile.
    }
  }
  return undefined
}

/**
 * Opens a root shell in the running container `container` with a terminal of `size`; rejects
 * when the container is not running. Names are nodeplane's own (safe in an argument list).
 */
export async function openPodmanConsole(
  container: string,
  size: TerminalSize
): Promise<ConsoleSession> {
  const state = await containerState(container)
  if (!state?.running) throw new Error(`the container ${container} is not running`)
  const marker = `NODEPLANE_CONSOLE=${randomBytes(16).toString('hex')}`
  const args = ['exec', ...EXEC_OPTIONS, '--env', marker, container, ...launcher(size)]
  const exec = spawn('podman', args, { stdio: ['pipe', 'pipe', 'ignore'] })
  const ended = new Promise<void>((resolve) => exec.once('close', () => resolve()))
  // A write after the shell ended fails with EPIPE: the session is ending anyway.
  exec.stdin.on('error', () => undefined)
  exec.once('error', () => undefined)
  const shell = shellOf(exec, state.pid, marker)
  const resize = resizer(exec, shell)
  return {
    // Not writable: the shell ended, and so does the session; nothing to wait for.
    write: (bytes) => !exec.stdin.writable || exec.stdin.write(bytes),
    onDrain: (listener) => void exec.stdin.on('drain', listener),
    resize,
    onOutput: (listener) => void exec.stdout.on('data', listener),
    pause: () => void exec.stdout.pause(),
    resume: () => void exec.stdout.resume(),
    onEnd: (listener) => void ended.then(listener),
    close: () => hangUp(exec, shell, container),
  }
}

/** A console's shell: its pid once found (undefined if `exec` ended first). */
interface Shell {
  pid: Promise<number | undefined>
  /** Whether the pid is still that shell's (a pid is reused once its process ended). */
  isStill(pid: number): Promise<boolean>
}

function shellOf(exec: ChildProcess, initPid: number, marker: string): Shell {
  const namespace = readlink(`/proc/${initPid}/ns/pid`)
  async function find(): Promise<number | undefined> {
    while (running(exec)) {
      const pid = findShell(await namespace, marker)
      if (pid) return pid
      await sleep(FIND_POLL_MS)
    }
    return undefined
  }
  const pid = find()
  void namespace.catch(() => undefined)
  return { pid, isStill: async (p) => holdsMarker(String(p), await namespace, marker) }
}

/**
 * The conmon of `container`'s exec session whose shell `pid` ended unreaped, if any. A zombie's
 * pid is not reused while it is one, so this is the shell that was found.
 */
async function stuckConmonOf(pid: number, container: string): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const parent = /^PPid:\s*(\d+)/m.exec(status)?.[1]
    if (!/^State:\s*Z/m.test(status) || !parent) return undefined
    const args = (await readFile(`/proc/${parent}/cmdline`, 'utf8')).split('\0')
    const ours = args.includes('--exec-attach') && args[args.indexOf('-n') + 1] === container
    return ours && args[0]?.endsWith('conmon') ? Number(parent) : undefined
  } catch {
    return undefined // reaped: nothing is stuck
  }
}

/**
 * Ends the shell as a terminal's hang-up does (SIGHUP, which it passes on to its jobs): killing
 * only podman's client would leave it running in the node, and its conmon on this machine.
 * Whatever still runs HANGUP_GRACE_MS later is killed: podman's client, and the shell's conmon,
 * which blocks for good writing input the shell left unread into its terminal (the container
 * could then not even stop).
 */
function hangUp(exec: ChildProcess, shell: Shell, container: string): void {
  if (!running(exec)) return
  // Even once podman's client has ended: a stuck conmon outlives it.
  setTimeout(() => void killAll(exec, shell, container), HANGUP_GRACE_MS)
  void shell.pid
    .then(async (pid) => {
      if (pid && (await shell.isStill(pid))) process.kill(pid, 'SIGHUP')
    })
    .catch(() => undefined)
}

/** podman's client, and the shell's conmon if it is stuck with the shell unreaped. */
async function killAll(exec: ChildProcess, shell: Shell, container: string): Promise<void> {
  if (running(exec)) exec.kill('SIGTERM')
  const pid = await shell.pid
  const conmon = pid && (await stuckConmonOf(pid, container))
  if (conmon) process.kill(conmon, 'SIGKILL')
}

/** Resizes one at a time, the last size asked for winning over those still waiting. */
function resizer(exec: ChildProcess, shell: Shell): (size: TerminalSize) => void {
  let next: TerminalSize | undefined
  let busy = false
  async function drain(): Promise<void> {
    busy = true
    // Before the shell started, the size waits for it (a newer one may replace it meanwhile).
    const pid = await shell.pid
    while (next && pid && running(exec)) {
      const { cols, rows } = next
      next = undefined
      const terminal = `/proc/${pid}/fd/0`
      await run('stty', ['-F', terminal, 'cols', String(cols), 'rows', String(rows)]).catch(
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
