/**
 * Reading podman nodes' counters from the machine, never from inside a node (what runs there
 * is the tenant's): one `podman ps` for all of them, then files of the kernel.
 * CPU and memory come from the container's cgroup (v1, as this machine has; v2 read the same
 * way from `cpu.stat` and `memory.current`), the network from `/proc/<pid>/net/dev`, which
 * shows the interfaces of the network namespace of the container's init, and the disk from
 * the size of the container's writable layer plus its image.
 * @module
 */
import { readFile } from 'node:fs/promises'
import type { NodeCounters } from '../driver.js'
import { run } from '../network/exec.js'
import { createLimiter } from '../../lib/limiter.js'
import { instanceContainers, podman, type ContainerState } from './podman.js'

/** How long a disk figure is kept: measuring it walks the node's writable layer. */
const DISK_TTL_MS = 60_000
/** The longest one walk of a writable layer may take before the figure is left out. */
const DU_TIMEOUT_MS = 5_000
/** Walks of writable layers at once: after a start every node's figure is due together. */
const DU_AT_ONCE = 2

/** The cgroup v1 directory of `pid` in the hierarchy that has `controller`, or undefined. */
export function cgroupDir(procCgroup: string, controller: string): string | undefined {
  for (const line of procCgroup.split('\n')) {
    const [, controllers, path] = line.split(':')
    if (controllers?.split(',').includes(controller) && path !== undefined) {
      // On this machine cpu and cpuacct are mounted apart; elsewhere they share `cpu,cpuacct`.
      return `/sys/fs/cgroup/${controllers}${path}`
    }
  }
  return undefined
}

/** A `key value` line's value from a cgroup stat file (`memory.stat`), 0 when missing. */
export function statValue(stat: string, key: string): number {
  const line = stat.split('\n').find((entry) => entry.startsWith(`${key} `))
  return line ? Number(line.slice(key.length + 1)) : 0
}

/** Received and sent bytes of every interface but loopback, from a `/proc/<pid>/net/dev`. */
export function netDevTotals(netDev: string): { rx: number; tx: number } {
  let rx = 0
  let tx = 0
  for (const line of netDev.split('\n').slice(2)) {
    const [name, rest] = line.split(':')
    if (rest === undefined || name!.trim() === 'lo') continue
    const fields = rest.trim().split(/\s+/).map(Number)
    rx += fields[0] ?? 0
    tx += fields[8] ?? 0
  }
  return { rx, tx }
}

/** CPU time (ns) and memory in use (bytes) of the container whose init is `pid`. */
async function cgroupCounters(pid: number): Promise<{ cpuNs: number; memoryBytes: number }> {
  const procCgroup = await readFile(`/proc/${pid}/cgroup`, 'utf8')
  const cpu = cgroupDir(procCgroup, 'cpuacct')
  const memory = cgroupDir(procCgroup, 'memory')
  if (!cpu || !memory) throw new Error(`no cgroup v1 cpuacct or memory for pid ${pid}`)
  const [usage, memoryUsage, memoryStat] = await Promise.all([
    readFile(`${cpu}/cpuacct.usage`, 'utf8'),
    readFile(`${memory}/memory.usage_in_bytes`, 'utf8'),
    readFile(`${memory}/memory.stat`, 'utf8'),
  ])
  // As docker and podman stats do: the inactive page cache is free for the taking.
  const inactive = statValue(memoryStat, 'total_inactive_file')
  return { cpuNs: Number(usage), memoryBytes: Math.max(0, Number(memoryUsage) - inactive) }
}

/** The bytes under `dir` (one file system), or null when the walk fails or takes too long. */
async function diskUsage(dir: string): Promise<number | null> {
  try {
    const out = await run('du', ['-s', '-x', '--block-size=1', dir], { timeoutMs: DU_TIMEOUT_MS })
    return Number(out.split('\t')[0])
  } catch {
    return null
  }
}

/** The writable layer and image of a container, or undefined when it is gone. */
async function layers(name: string): Promise<{ upper?: string; image: string } | undefined> {
  const out = await podman(['container', 'inspect', '--format', 'json', name]).catch(() => '[]')
  const [info] = JSON.parse(out || '[]') as {
    Image: string
    GraphDriver?: { Data?: Record<string, string> }
  }[]
  return info && { upper: info.GraphDriver?.Data?.UpperDir, image: info.Image }
}

/** Reads the counters of the podman nodes of the instance whose containers bear `prefix`. */
export function podmanSampler(prefix: string) {
  const disks = new Map<string, { at: number; bytes: number | null }>()
  const measuring = new Set<string>()
  const walks = createLimiter(DU_AT_ONCE)
  const images = new Map<string, number>()

  async function imageSize(image: string): Promise<number> {
    if (!images.has(image)) {
      const out = await podman(['image', 'inspect', '--format', '{{.Size}}', image])
      images.set(image, Number(out.trim()) || 0)
    }
    return images.get(image)!
  }

  async function measureDisk(name: string): Promise<number | null> {
    const found = await layers(name)
    const layer = found?.upper ? await diskUsage(found.upper) : null
    const image = found ? await imageSize(found.image).catch(() => 0) : 0
    return layer === null ? null : layer + image
  }

  /**
   * The node's last disk figure (none before the first): a due one is measured beside the
   * rounds, a few at a time, so a round's CPU and network readings never wait for a walk.
   */
  function diskOf(nodeId: string, name: string, now: number): number | null {
    const kept = disks.get(nodeId)
    if ((!kept || now - kept.at >= DISK_TTL_MS) && !measuring.has(nodeId)) {
      measuring.add(nodeId)
      void walks(() => measureDisk(name))
        .catch(() => null)
        .then((bytes) => disks.set(nodeId, { at: Date.now(), bytes }))
        .finally(() => measuring.delete(nodeId))
    }
    return kept?.bytes ?? null
  }

  async function sampleOne(nodeId: string, container: ContainerState): Promise<NodeCounters> {
    const at = Date.now()
    const { pid } = container
    const [cgroup, netDev] = await Promise.all([
      cgroupCounters(pid),
      readFile(`/proc/${pid}/net/dev`, 'utf8'),
    ])
    const { rx, tx } = netDevTotals(netDev)
    const diskBytes = diskOf(nodeId, container.name, at)
    return { at, ...cgroup, diskBytes, rxBytes: rx, txBytes: tx }
  }

  return async function sampleNodes(nodeIds: string[]): Promise<Map<string, NodeCounters>> {
    const result = new Map<string, NodeCounters>()
    const wanted = new Set(nodeIds)
    for (const id of disks.keys()) if (!wanted.has(id)) disks.delete(id)
    if (nodeIds.length === 0) return result
    // One podman call for all nodes; the rest are reads of kernel files.
    const containers = await instanceContainers(prefix)
    await Promise.all(
      containers.map(async (container) => {
        if (!wanted.has(container.nodeId) || !container.running || container.pid <= 0) return
        try {
          result.set(container.nodeId, await sampleOne(container.nodeId, container))
        } catch {
          // The container stopped between the listing and the reads: no sample this round.
        }
      })
    )
    return result
  }
}
