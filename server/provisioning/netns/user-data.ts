/**
 * User data on a netns node: the runner starts in the node's namespaces (network, mount and
 * UTS, entered through its sshd, so it sees the node's /root as a login does), detached, and
 * keeps its files in the node's directory, which survives rebuilds and goes with the node.
 * @module
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { NodeRef, NodeSpec, UserDataRun } from '../driver.js'
import { run } from '../network/exec.js'
import { nodeDir, shortHash, type NetnsNames } from '../network/names.js'
import { READ_RUN, readRun, RUNNER_PATH } from '../user-data-runner.js'
import { MOUNT, sshdPid } from './sshd.js'

const hostDir = (names: NetnsNames, id: string) => join(nodeDir(names, shortHash(id)), 'user-data')

/** Starts the node's user data once; resolves when the runner has set its marker. */
export async function startNetnsUserData(
  names: NetnsNames,
  node: NodeSpec,
  limitSeconds: number
): Promise<void> {
  const dir = hostDir(names, node.id)
  if (existsSync(join(dir, 'started')) || node.userData === null) return
  const pid = sshdPid(nodeDir(names, shortHash(node.id)), node.id)
  if (pid === undefined) throw new Error(`the sshd of node ${node.id} is not running`)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await writeFile(join(dir, 'script'), node.userData, { mode: 0o700 })
  const runner = ['sh', RUNNER_PATH, `${MOUNT}/user-data`, String(limitSeconds)]
  const child = spawn(
    'nsenter',
    ['--target', String(pid), '--mount', '--uts', '--net', ...runner],
    // Its own session, so it outlives the control plane as the node's sshd does.
    { detached: true, stdio: 'ignore', env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' } }
  )
  child.on('error', () => undefined)
  child.unref()
  for (let i = 0; i < 100; i++) {
    if (existsSync(join(dir, 'started'))) return
    await sleep(100)
  }
  throw new Error(`the user data of node ${node.id} did not start`)
}

export async function readNetnsUserData(
  names: NetnsNames,
  node: NodeRef,
  limitSeconds: number
): Promise<UserDataRun> {
  const dir = hostDir(names, node.id)
  return readRun((limits) => run('sh', ['-c', READ_RUN, 'read', dir], limits), limitSeconds)
}
