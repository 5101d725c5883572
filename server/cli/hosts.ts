/**
 * `nodeplane hosts`: the compute host inventory, loaded, listed and previewed.
 * @module
 */
import type { Command } from 'commander'
import { listHosts, loadCatalog, readCatalogFile } from '../compute-hosts/compute-hosts.service.js'
import { previewOffers, type InventoryPreview } from '../compute-hosts/inventory-preview.js'
import { readInventoryRules } from '../compute-hosts/inventory-rules.js'
import { loadConfig } from '../config.js'
import { textTable } from '../lib/text-table.js'
import { hasInventory } from '../provisioning/inventory.js'
import { dataOption, withRuntime } from './with-runtime.js'

export function hostsCommand(program: Command): void {
  const hosts = program.command('hosts').description('manage the compute host inventory')
  hosts
    .command('load <file>')
    .description('load (insert or update) hosts from a catalog JSON file')
    .addOption(dataOption())
    .action((file, options) =>
      withRuntime(options, async (rt) => {
        const count = await loadCatalog(rt, readCatalogFile(file))
        process.stderr.write(`Loaded ${count} hosts from ${file}.\n`)
      })
    )
  hosts
    .command('list')
    .description(
      'list the hosts as the database has them now: size, price, status, the node on each'
    )
    .option('--region <region>', 'only the hosts of this region')
    .option('--json', "print JSON (the API's host objects, with node_id) instead of a table")
    .addOption(dataOption())
    .action((options) =>
      withRuntime(options, async (rt) => {
        const list = await listHosts(rt, options.region)
        if (options.json) {
          process.stdout.write(`${JSON.stringify(list, null, 2)}\n`)
          return
        }
        process.stdout.write(textTable(list.map(hostLine)))
        process.stderr.write(`${list.length} hosts.\n`)
      })
    )
  hosts
    .command('preview')
    .description(
      "check inventory rules and show the hosts they would sell on the driver's machines (podman: this machine; incus: the members), changing nothing"
    )
    .option(
      '--rules <file>',
      'the rules, YAML or JSON (default NODEPLANE_INVENTORY, else the defaults)'
    )
    .option('--json', 'print JSON instead of a table')
    .addOption(dataOption())
    .action(preview)
}

async function preview(options: { rules?: string; json?: boolean; data?: string }) {
  const overrides = { inventoryFile: options.rules }
  const config = loadConfig(process.env, { dataDir: options.data, ...overrides })
  // Checked before anything is opened: a bad file is named with its field, and nothing else runs.
  readInventoryRules(config.inventoryFile)
  const source = config.inventoryFile ?? 'the default rules (no NODEPLANE_INVENTORY)'
  return withRuntime(
    options,
    async (rt) => {
      if (!hasInventory(rt.driver)) {
        process.stdout.write(
          `The ${rt.driver.name} driver sells the host catalog (NODEPLANE_CATALOG, else the bundled one; \`nodeplane hosts list\`): inventory rules do not apply to it.\n`
        )
        return
      }
      const preview = previewOffers(await rt.driver.offers())
      if (options.json) process.stdout.write(`${JSON.stringify(preview, null, 2)}\n`)
      else printPreview(preview, `${rt.driver.name} driver, ${source}`)
      // Refused sizes are the rules' error on this engine: the server would log it and not sell them.
      if (preview.refused.length > 0) process.exitCode = 1
    },
    overrides
  )
}

/** A host of `hosts list` as one table line. */
function hostLine(host: Awaited<ReturnType<typeof listHosts>>[number]) {
  return {
    id: host.id,
    hostname: host.hostname,
    region: host.region,
    datacenter: host.datacenter,
    cores: host.cpu.cores,
    memory_gb: host.memory_gb,
    storage_gb: host.storage_gb,
    gpus: host.gpu.count,
    hourly: host.pricing.hourly,
    monthly: host.pricing.monthly,
    currency: host.pricing.currency,
    status: host.status,
    node: host.node_id ?? '',
  }
}

function printPreview(preview: InventoryPreview, source: string): void {
  const count = preview.rows.reduce((sum, row) => sum + row.count, 0)
  process.stdout.write(`${source}: ${count} hosts\n`)
  process.stdout.write(textTable(preview.rows.map((row) => ({ ...row }))))
  for (const { reason } of preview.refused) process.stdout.write(`refused: ${reason}\n`)
}
