/**
 * What one nodeplane instance holds at a moment, for the soak (soak.ts): the server process's
 * memory, files and children and its database ({@link serverCensus}), and what the machine keeps
 * for a podman instance (namespaces, veths, routes, nftables rules, containers, processes,
 * cgroups: {@link podmanCensus}). soak-incus.ts counts an Incus cluster's part.
 * @module
 */
import Database from 'better-sqlite3'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { containersOf, namespacesOf, sh } from '../engines/_engines.js'
import type { NetnsNames } from '../../server/provisioning/network/names.js'

/** Counts by name, in the order the soak prints them. */
export type Census = Record<string, number>

/** The podman rows that must be back to their start count once every node is deleted. */
export const PODMAN_MUST_RETURN = [
  'containers',
  'namespaces',
  'fabric veths',
  'fabric bridges',
  'fabric routes',
  'nft chains',
  'nft rules',
  'instance processes (5 s old)',
  'server children (5 s old)',
] as const

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  // One decimal: the growth per 100 cycles is often less than a MiB.
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 102.4) / 10
}

const sizeKiB = (file: string) => {
  try {
    return statSync(file).size / 1024
  } catch {
    return 0
  }
}

/**
 * The database's size as SQLite sees it (pages in use, WAL frames included) and its files:
 * the WAL file grows to its checkpoint size in the first cycles and keeps it, so the files
 * alone would show growth that is not there.
 */
function databaseSize(dataDir: string): Census {
  const file = join(dataDir, 'nodeplane.db')
  const db = new Database(file, { readonly: true })
  try {
    const pages = db.pragma('page_count', { simple: true }) as number
    const free = db.pragma('freelist_count', { simple: true }) as number
    const pageSize = db.pragma('page_size', { simple: true }) as number
    return {
      'database in use (KiB)': Math.round(((pages - free) * pageSize) / 1024),
      'database files (KiB)': Math.round(sizeKiB(file) + sizeKiB(`${file}-wal`)),
    }
  } finally {
    db.close()
  }
}

/** Rows of every table of the server's database, by table. */
export function tableRows(dataDir: string): Record<string, number> {
  const db = new Database(join(dataDir, 'nodeplane.db'), { readonly: true })
  try {
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      .pluck()
      .all() as string[]
    return Object.fromEntries(
      tables.map((name) => [
        name,
        db.prepare(`SELECT count(*) FROM "${name}"`).pluck().get() as number,
      ])
    )
  } finally {
    db.close()
  }
}

/** Files under `dir`, recursively (sockets and fifos too). */
function filesUnder(dir: string): number {
  let count = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    count += entry.isDirectory() ? filesUnder(join(dir, entry.name)) : 1
  }
  return count
}

/** Seconds since boot, and clock ticks a second as /proc/<pid>/stat counts them (Linux's USER_HZ). */
const uptime = () => Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0])
const TICKS = 100

/**
 * Every process older than `minAge` seconds, with its parent's pid and its command line: the
 * engine programs the server runs every few seconds (health checks, discovery) are no leak.
 */
function processes(minAge = 5): { pid: number; ppid: number; cmdline: string }[] {
  const list = []
  const now = uptime()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // The command name in parentheses may hold spaces: the fields after it are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (now - Number(fields[19]) / TICKS < minAge) continue
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ')
      list.push({ pid: Number(name), ppid: Number(fields[1]), cmdline })
    } catch {
      // Gone while we read.
    }
  }
  return list
}

/** Lines of `ip` output run in the fabric namespace; none when the fabric does not exist. */
async function fabricLines(names: NetnsNames, args: string[]): Promise<string[]> {
  const out = await sh('ip', ['-n', names.fabric, ...args])
  return out.code === 0 ? out.stdout.split('\n').filter(Boolean) : []
}

/** Chains and rules of the fabric's nftables ruleset (every table there is this instance's). */
async function nftCounts(names: NetnsNames): Promise<{ chains: number; rules: number }> {
  const out = await sh('ip', ['netns', 'exec', names.fabric, 'nft', '-a', 'list', 'ruleset'])
  if (out.code !== 0) return { chains: 0, rules: 0 }
  const lines = out.stdout.split('\n').map((line) => line.trim())
  const chains = lines.filter((line) => line.startsWith('chain ')).length
  // Rules are the statements carrying a handle; tables, chains and sets carry one too.
  const rules = lines.filter(
    (line) => /# handle \d+$/.test(line) && !/^(table|chain|set|map) /.test(line)
  ).length
  return { chains, rules }
}

/**
 * libpod cgroups (every hierarchy) of containers that no longer exist, machine-wide: the
 * kernel keeps a cgroup directory that still has children, and the podman driver hands the
 * node's systemd its cgroup, where it makes some (podman/cgroup.ts).
 */
async function orphanCgroups(): Promise<number> {
  const live = (await sh('podman', ['ps', '--all', '--no-trunc', '--format', '{{.ID}}'])).stdout
  const ids = new Set(live.split('\n').filter(Boolean))
  let orphans = 0
  for (const hierarchy of readdirSync('/sys/fs/cgroup')) {
    let entries: string[]
    try {
      entries = readdirSync(join('/sys/fs/cgroup', hierarchy, 'libpod_parent'))
    } catch {
      continue
    }
    for (const entry of entries) {
      const id = /^libpod-([0-9a-f]{64})$/.exec(entry)?.[1]
      if (id && !ids.has(id)) orphans++
    }
  }
  return orphans
}

/** Layer and container directories of podman's store (root's, where the driver's nodes live). */
function podmanStorageDirs(): number {
  const root = '/var/lib/containers/storage'
  return ['overlay', 'overlay-containers'].reduce((sum, dir) => {
    try {
      return sum + readdirSync(join(root, dir)).length
    } catch {
      return sum
    }
  }, 0)
}

/** The server process `pid` on `dataDir`: memory, files, children and its database. */
export function serverCensus(pid: number, dataDir: string): Census {
  return {
    'server RSS (MiB)': rssMiB(pid),
    'server open files': readdirSync(`/proc/${pid}/fd`).length,
    'server children (5 s old)': processes().filter((p) => p.ppid === pid).length,
    ...databaseSize(dataDir),
    'data dir files': filesUnder(dataDir),
  }
}

/** What the machine keeps for the podman instance `names`. */
export async function podmanCensus(names: NetnsNames): Promise<Census> {
  const nft = await nftCounts(names)
  return {
    containers: (await containersOf(names)).length,
    namespaces: (await namespacesOf(names)).length,
    'fabric veths': (await fabricLines(names, ['-o', 'link', 'show', 'type', 'veth'])).length,
    'fabric bridges': (await fabricLines(names, ['-o', 'link', 'show', 'type', 'bridge'])).length,
    'fabric routes': (await fabricLines(names, ['route', 'show', 'table', 'all'])).length,
    'nft chains': nft.chains,
    'nft rules': nft.rules,
    // conmon and anything else still naming one of the instance's containers or namespaces.
    'instance processes (5 s old)': processes().filter(
      (p) => p.pid !== process.pid && p.cmdline.includes(`${names.prefix}-`)
    ).length,
    'orphan libpod cgroups (machine)': await orphanCgroups(),
    'podman storage dirs (machine)': podmanStorageDirs(),
  }
}
