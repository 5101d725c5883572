import { accessSync, constants, readFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** A program a driver runs, and the Debian package it comes from. */
export type Tool = [program: string, debianPackage: string]

const CAP_NET_ADMIN = 12n
const CAP_SYS_ADMIN = 21n

function onPath(tool: string): boolean {
  // sshd and nft live in /usr/sbin, which a non-login PATH may lack.
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin']
  return dirs.some((dir) => {
    try {
      accessSync(join(dir, tool), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

function hasCapabilities(): boolean {
  const line = readFileSync('/proc/self/status', 'utf8').match(/^CapEff:\s*([0-9a-f]+)$/m)
  const caps = line ? BigInt(`0x${line[1]}`) : 0n
  return ((caps >> CAP_NET_ADMIN) & 1n) === 1n && ((caps >> CAP_SYS_ADMIN) & 1n) === 1n
}

/** What keeps a driver that builds namespaces from running here: the platform, root, tools. */
export function missingTools(tools: Tool[]): string[] {
  const problems: string[] = []
  if (process.platform !== 'linux') problems.push('it needs Linux')
  else if (!hasCapabilities()) problems.push('it needs root (CAP_NET_ADMIN and CAP_SYS_ADMIN)')
  for (const [tool, pkg] of tools)
    if (!onPath(tool)) problems.push(`${tool} is missing (Debian package ${pkg})`)
  return problems
}
