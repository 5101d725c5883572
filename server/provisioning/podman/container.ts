import { readFileSync } from 'node:fs'
import { availableParallelism, totalmem } from 'node:os'
import type { NodeAccess, NodeSpec } from '../driver.js'
import { nodeHostname } from '../network/names.js'
import { LABEL, podman } from './podman.js'
import { accessCommand } from '../access-script.js'

/** Processes a node may run at once, so one node cannot exhaust the machine's pid space. */
const PIDS_LIMIT = 4096
const GIB = 1024 ** 3

/** A hard limit of this process (`/proc/self/limits`): a container may not be given more. */
export function hardLimit(name: string, fallback: number): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(name))
  const hard = line?.slice(name.length).trim().split(/\s+/)[1]
  return hard && /^\d+$/.test(hard) ? Number(hard) : fallback
}

/**
 * The node's size, from its compute host's record, clamped to what this machine has: a
 * container cannot be given more CPUs than exist, and a memory limit above the machine's
 * memory would never bite.
 */
export function containerLimits(node: NodeSpec) {
  return {
    cpus: Math.min(node.size.cpuCores, availableParallelism()),
    memoryBytes: Math.min(node.size.memoryGb * GIB, totalmem()),
  }
}

/** The host name inside the node: its name when that is a valid host name, else its id. */
export function containerHostname(node: Pick<NodeSpec, 'id' | 'name'>): string {
  const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i
  return node.name && label.test(node.name) ? node.name.toLowerCase() : nodeHostname(node.id)
}

/**
 * `podman run` for a node: an OCI system container in its own user namespace (root inside is
 * an unprivileged id outside), PID, mount, UTS, IPC and network namespaces, with the engine's
 * default capabilities and seccomp profile, no host path mounted, and the host's size as limits.
 * `--network=none` gives it a network namespace of its own, which the driver wires afterwards.
 */
export function runArgs(name: string, instance: string, node: NodeSpec, image: string): string[] {
  const { cpus, memoryBytes } = containerLimits(node)
  const nofile = Math.min(65536, hardLimit('Max open files', 1024))
  const nproc = Math.min(PIDS_LIMIT, hardLimit('Max processes', PIDS_LIMIT))
  return [
    'run',
    '--detach',
    `--name=${name}`,
    `--hostname=${containerHostname(node)}`,
    `--label=${LABEL.instance}=${instance}`,
    `--label=${LABEL.node}=${node.id}`,
    // 65536 ids, so nobody and nogroup (65534), which sshd's privilege separation uses, exist.
    '--userns=auto:size=65536',
    '--network=none',
    // systemd as PID 1 (the image's nodeplane-init starts it): podman mounts /run, /tmp and
    // the cgroups it needs, and stops the node with SIGRTMIN+3, as a shutdown.
    '--systemd=always',
    // reboot(2) in the node's own PID namespace ends only its init, with a signal that tells a
    // poweroff inside from a reboot (podman/power.ts); the machine is not touched.
    '--cap-add=SYS_BOOT',
    `--cpus=${cpus}`,
    `--memory=${memoryBytes}`,
    // No swap beyond the memory limit: a node that outgrows it is killed inside, as on a VM.
    `--memory-swap=${memoryBytes}`,
    `--pids-limit=${PIDS_LIMIT}`,
    // The control plane shields itself from the OOM killer (lib/oom.ts); its children inherit
    // that, but a node's processes must not: they are the first to go, not the last.
    '--oom-score-adj=0',
    // podman's default rlimits exceed what this process may hand out, and runc refuses them.
    `--ulimit=nofile=${nofile}:${nofile}`,
    `--ulimit=nproc=${nproc}:${nproc}`,
    '--restart=no',
    '--log-opt=max-size=10mb',
    image,
  ]
}

/** Sets root's password inside the node; it reaches chpasswd on stdin, never in an argument. */
export async function setRootPassword(name: string, password: string): Promise<void> {
  await podman(['exec', '--interactive', name, 'chpasswd'], { input: `root:${password}\n` })
}

/** Makes root's authorized_keys and sshd's password setting inside the node say `access`. */
export async function setAccessInContainer(name: string, access: NodeAccess): Promise<void> {
  const { args, input } = accessCommand(access)
  await podman(['exec', '--interactive', name, ...args], { input })
}
