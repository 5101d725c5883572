/**
 * `nodeplane cleanup`: what the drivers left behind on this machine or cluster, removed.
 * @module
 */
import type { Command } from 'commander'
import { ConfigError } from '../config.js'
import { forgetRestored } from '../install-settings/restored.js'
import { nodesNotGone } from '../nodes/nodes.service.js'
import { removeInstance } from '../provisioning/cleanup.js'
import { removeIncusNodes } from '../provisioning/incus/cleanup.js'
import { incusClientOf } from '../provisioning/incus/incus-config.js'
import { netnsNames } from '../provisioning/network/names.js'
import type { Runtime } from '../runtime.js'
import { dataOption, withRuntime } from './with-runtime.js'

export function cleanupCommand(program: Command): void {
  program
    .command('cleanup')
    .description(
      'remove what the netns and podman drivers left on this machine for this data directory (as root)'
    )
    .addOption(dataOption())
    .option(
      '--force',
      'also remove the machines of nodes the database still holds (a later start rebuilds running ones)'
    )
    .option(
      '--unowned',
      'remove only the machines no node of the database owns (after `nodeplane restore`); safe while the server runs'
    )
    .action((options: { data?: string; force?: boolean; unowned?: boolean }) =>
      withRuntime(options, (rt) => (options.unowned ? cleanupUnowned(rt) : cleanup(rt, options)))
    )
}

async function cleanup(rt: Runtime, options: { force?: boolean }): Promise<void> {
  const left = await nodesNotGone(rt)
  if (left.length > 0 && !options.force) {
    throw new ConfigError(
      `${left.length} node(s) still exist (${left.join(', ')}): delete them first, or pass --force`
    )
  }
  if (rt.config.driver === 'incus') {
    const gone = await removeIncusNodes(incusClientOf(rt))
    return printRemoved([
      ...gone.instances.map((name) => `instance ${name}`),
      ...gone.networks.map((name) => `network ${name}`),
    ])
  }
  const removed = await removeInstance(netnsNames(rt.config.dataDir), { nodeDirs: true })
  printRemoved([
    ...removed.containers.map((c) => `container ${c}`),
    ...removed.namespaces.map((n) => `namespace ${n}`),
    ...removed.directories.map((d) => `directory ${d}`),
  ])
}

/** `cleanup --unowned`: what a start would remove but for a restore, then the restore is forgotten. */
async function cleanupUnowned(rt: Runtime): Promise<void> {
  if (!rt.driver.removeUnowned)
    throw new ConfigError(`the ${rt.config.driver} driver keeps no machines of its own`)
  printRemoved(await rt.driver.removeUnowned(await nodesNotGone(rt)))
  await forgetRestored(rt.db)
}

function printRemoved(lines: string[]): void {
  process.stderr.write(
    lines.length
      ? `Removed:\n${lines.map((line) => `  ${line}\n`).join('')}`
      : 'Nothing to remove.\n'
  )
}
