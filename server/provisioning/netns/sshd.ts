import { spawn } from 'node:child_process'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { lstat, mkdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import type { NodeAccess, NodeSpec } from '../driver.js'
import { run } from '../network/exec.js'
import { nodeHostname } from '../network/names.js'

/** One OpenSSH server per node, with its own host key, config and root password. */

const LAUNCHER = fileURLToPath(new URL('./launch-sshd.sh', import.meta.url))
/** Where the launcher mounts the node's directory inside the node's mount namespace. */
export const MOUNT = '/run/nodeplane/node'

function sshdConfig(nodeId: string, passwordLogin: boolean): string {
  return [
    `# Written by nodeplane for node ${nodeId}; paths are as this node's sshd sees them.`,
    'Port 22',
    'ListenAddress 0.0.0.0',
    'ListenAddress ::',
    `HostKey ${MOUNT}/ssh_host_ed25519_key`,
    `PidFile ${MOUNT}/sshd.pid`,
    'PermitRootLogin yes',
    `PasswordAuthentication ${passwordLogin ? 'yes' : 'no'}`,
    'KbdInteractiveAuthentication no',
    // Root's home is the node's root/ (see launch-sshd.sh): its .ssh/authorized_keys.
    'PubkeyAuthentication yes',
    'AuthorizedKeysFile .ssh/authorized_keys',
    // PAM would consult the machine's own account stack; shadow is the node's file.
    'UsePAM no',
    'UseDNS no',
    'PrintMotd no',
    'Subsystem sftp internal-sftp',
    '',
  ].join('\n')
}

/** Writes the node's sshd files; the host key is kept across rebuilds, so clients keep trusting it. */
export async function writeNodeFiles(dir: string, node: NodeSpec): Promise<void> {
  await mkdir(join(dir, 'root'), { recursive: true, mode: 0o700 })
  await writeFile(join(dir, 'node-id'), `${node.id}\n`)
  const key = join(dir, 'ssh_host_ed25519_key')
  if (!existsSync(key)) {
    const comment = `root@${nodeHostname(node.id)}`
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', key])
  }
  // Written once: a running sshd has this very inode bind-mounted, so it is never rewritten,
  // and a rename makes it whole or absent.
  const shadow = join(dir, 'shadow')
  if (!existsSync(shadow)) {
    // The password reaches openssl on stdin, never in an argument list others can read.
    const input = node.login.password
    const hash = (await run('openssl', ['passwd', '-6', '-stdin'], { input })).trim()
    const days = Math.floor(Date.now() / 86_400_000)
    await writeFile(`${shadow}.new`, `root:${hash}:${days}:0:99999:7:::\n`, { mode: 0o600 })
    await rename(`${shadow}.new`, shadow)
  }
  await writeAccess(dir, node.id, node.access)
}

/**
 * Writes `text` to `path` whole or not at all: a reader sees the old file or the new one. The
 * temporary file is created anew (`wx` follows no symlink a user of the node left there), and
 * the rename replaces whatever `path` is without following it.
 */
async function replaceFile(path: string, text: string, mode: number): Promise<void> {
  await rm(`${path}.new`, { force: true })
  await writeFile(`${path}.new`, text, { mode, flag: 'wx' })
  await rename(`${path}.new`, path)
}

/**
 * Makes root's authorized_keys (in the node's own root/.ssh) and the sshd config say `access`.
 * The sshd reads authorized_keys at each login, so keys take effect at once; the password
 * setting needs a reload (`reloadIfStale`).
 */
export async function writeAccess(dir: string, nodeId: string, access: NodeAccess): Promise<void> {
  const sshDir = join(dir, 'root', '.ssh')
  // Root of the node owns its home: a .ssh that is a symlink would lead this write elsewhere.
  const existing = await lstat(sshDir).catch(() => undefined)
  if (existing && !existing.isDirectory()) await rm(sshDir, { force: true })
  await mkdir(sshDir, { recursive: true, mode: 0o700 })
  const keys = access.authorizedKeys.map((key) => `${key}\n`).join('')
  await replaceFile(join(sshDir, 'authorized_keys'), keys, 0o600)
  await replaceFile(join(dir, 'sshd_config'), sshdConfig(nodeId, access.passwordLogin), 0o644)
}

const LOADED = 'sshd_config.loaded'
const readOr = (path: string) => readFile(path, 'utf8').catch(() => undefined)

/** Notes the config an sshd about to start (or just reloaded) runs with. */
async function noteLoaded(dir: string): Promise<void> {
  await writeFile(join(dir, LOADED), (await readOr(join(dir, 'sshd_config'))) ?? '')
}

/**
 * Reloads the node's running sshd (SIGHUP: it re-executes itself and reads its config again;
 * sessions stay) when its config changed since it started, and waits until it listens again.
 */
export async function reloadIfStale(dir: string, nodeId: string): Promise<void> {
  const pid = sshdPid(dir, nodeId)
  if (pid === undefined) return
  const config = await readOr(join(dir, 'sshd_config'))
  if (config === (await readOr(join(dir, LOADED)))) return
  // sshd rewrites its pid file once it listens again: an old time on it marks the wait's end.
  const pidFile = join(dir, 'sshd.pid')
  await utimes(pidFile, 0, 0)
  process.kill(pid, 'SIGHUP')
  for (let i = 0; statSync(pidFile, { throwIfNoEntry: false })?.mtimeMs === 0; i++) {
    if (i >= 100) throw new Error(`the sshd of node ${nodeId} did not come back after a reload`)
    await sleep(50)
  }
  await noteLoaded(dir)
}

/** A mount and UTS namespace of the node's own, for the launcher's mounts and host name. */
const ISOLATE = ['unshare', '--mount', '--uts', '--propagation', 'private']

/** Starts the node's sshd, detached: nodes keep running while the control plane restarts. */
export function startSshd(namespace: string, dir: string, nodeId: string): void {
  mkdirSync('/run/nodeplane', { recursive: true })
  writeFileSync(join(dir, LOADED), readFileSync(join(dir, 'sshd_config'), 'utf8'))
  const log = openSync(join(dir, 'sshd.log'), 'a')
  const launch = [...ISOLATE, 'sh', LAUNCHER, dir, nodeHostname(nodeId), nodeId]
  const child = spawn('ip', ['netns', 'exec', namespace, ...launch], {
    detached: true,
    stdio: ['ignore', log, log],
  })
  child.unref()
  closeSync(log)
}

/** The pid of the node's sshd from its pid file, if that process is still this node's sshd. */
export function sshdPid(dir: string, nodeId: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dir, 'sshd.pid'), 'utf8').trim())
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    return cmdline.includes(`NODEPLANE_NODE=${nodeId}`) ? pid : undefined
  } catch {
    return undefined
  }
}

const netnsOf = (pid: number | 'self') => readlinkSync(`/proc/${pid}/ns/net`)

/** The network namespace identities (`net:[inode]`) of a named namespace and of a pid. */
export function namespaceIds(namespace: string, pid: number | undefined): Set<string> {
  const ids = new Set<string>()
  const path = `/run/netns/${namespace}`
  if (existsSync(path)) ids.add(`net:[${statSync(path).ino}]`)
  if (pid !== undefined) ids.add(netnsOf(pid))
  // Never the namespace nodeplane itself runs in.
  ids.delete(netnsOf('self'))
  return ids
}

function pidsIn(ids: Set<string>): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (ids.has(netnsOf(Number(entry)))) pids.push(Number(entry))
    } catch {
      // The process exited while we looked.
    }
  }
  return pids
}

/**
 * Stops every process in the given namespaces: sshd, its sessions and whatever users started
 * there. Found by namespace, not by name, so a namespace deleted by hand still gets emptied.
 */
export async function stopProcesses(ids: Set<string>): Promise<void> {
  if (ids.size === 0) return
  const signal = (sig: NodeJS.Signals) => {
    for (const pid of pidsIn(ids)) {
      try {
        process.kill(pid, sig)
      } catch {
        // Exited on its own meanwhile.
      }
    }
  }
  signal('SIGTERM')
  for (let i = 0; i < 30 && pidsIn(ids).length > 0; i++) await sleep(100)
  signal('SIGKILL')
  for (let i = 0; i < 30 && pidsIn(ids).length > 0; i++) await sleep(100)
}
