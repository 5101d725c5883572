import { fileURLToPath } from 'node:url'
import type { Logger } from 'pino'
import { ADMIN_EMAIL, ensureAdmin } from './accounts/accounts.service.js'
import { seedInventory } from './compute-hosts/catalog-seed.js'
import { readInventoryRules } from './compute-hosts/inventory-rules.js'
import type { SoldHosts } from './compute-hosts/inventory-sync.js'
import { collectGarbage } from './lib/collect-garbage.js'
import { FALLBACK_REGION, type Config } from './config.js'
import { openDatabase } from './db/client.js'
import type { Deps } from './deps.js'
import { createEventHub } from './events/event-hub.js'
import { systemClock, type Clock } from './lib/clock.js'
import { newPrefixedId } from './lib/ids.js'
import { createLogger } from './lib/log.js'
import { loadSecrets } from './lib/secrets.js'
import { workerHooks } from './provisioning/worker-hooks.js'
import type { ProvisioningDriver } from './provisioning/driver.js'
import { createNetnsDriver } from './provisioning/netns/netns-driver.js'
import { createPodmanDriver } from './provisioning/podman/podman-driver.js'
import { createSimulatedDriver } from './provisioning/simulated-driver.js'
import { incusClientCertificate } from './provisioning/incus/client-certificate.js'
import { incusDriver, type IncusCredentials } from './provisioning/incus/incus-config.js'
import { hasInventory } from './provisioning/inventory.js'
import type { DefaultIngress } from './provisioning/network/fabric.js'
import { resolveDefaultIngress } from './install-settings/default-ingress.js'
import { createWorker } from './provisioning/worker.js'
import { countEngineErrors } from './operations/engine-errors.js'
import { createServerMetrics } from './operations/metrics.js'
import { registerScrapeGauges } from './operations/scrape-gauges.js'

const DEFAULT_CATALOG = fileURLToPath(
  new URL('./compute-hosts/default-catalog.json', import.meta.url)
)

/** An open data directory with everything wired: what `serve` and every CLI command share. */
export interface Runtime extends Deps {
  /** The engine behind nodes (the worker calls it; serve also reads its inventory). */
  driver: ProvisioningDriver
  /** When the driver sells its own machines: the hosts it sold at the last inventory sync. */
  soldHosts?: SoldHosts
  /** What reaches a node no firewall applies to (netns and podman enforce it). */
  defaultIngress: DefaultIngress
  /** Set on the first start only: the admin's one-time password, to print once. */
  adminPassword?: string
  /** Stops the worker and closes the database; `release` as in `Worker.stop`. */
  close(options?: { release?: boolean }): Promise<void>
}

/** The engine `NODEPLANE_DRIVER` names. */
function selectDriver(
  config: Config,
  clock: Clock,
  log: Logger,
  credentials: IncusCredentials,
  defaultIngress: () => DefaultIngress
): ProvisioningDriver {
  if (config.driver === 'netns') {
    return createNetnsDriver({
      dataDir: config.dataDir,
      bootSeconds: config.netnsBootSeconds,
      log,
      userDataTimeoutSeconds: config.userDataTimeoutSeconds,
      defaultIngress,
    })
  }
  if (config.driver === 'podman') {
    const { dataDir, userDataTimeoutSeconds } = config
    const defaultRegion = config.defaultRegion ?? FALLBACK_REGION
    const rules = readInventoryRules(config.inventoryFile)
    return createPodmanDriver({
      ...{ dataDir, log, userDataTimeoutSeconds, rules, defaultRegion },
      defaultIngress,
    })
  }
  if (config.driver === 'incus') return incusDriver(config, log, credentials, defaultIngress)
  return createSimulatedDriver({
    clock,
    provisionSeconds: config.provisionSeconds,
    teardownSeconds: config.teardownSeconds,
    createSeconds: config.createSeconds,
    powerSeconds: config.powerSeconds,
    createFailRate: config.faultCreateFailRate,
    createFailures: config.faultCreateFailures,
    stuckRate: config.faultStuckRate,
    teardownFailures: config.faultTeardownFailures,
  })
}

/**
 * NODEPLANE_BUILD_CONCURRENCY when unset: the engines that build nodes on the server's own
 * machine create two at once, so their programs leave the API cores to answer on
 * (docs/drivers.md); an Incus cluster's members, and the simulated engine, take every node
 * at once.
 */
function defaultBuildConcurrency(driver: Config['driver']): number {
  return driver === 'podman' || driver === 'netns' ? 2 : Infinity
}

export async function openRuntime(config: Config, clock: Clock = systemClock): Promise<Runtime> {
  const log = createLogger(config.logLevel, config.logFormat)
  let generatedPassword: string | undefined
  let seeded = 0
  // The driver exists before the database opens (whether it sells its own machines decides
  // the seeding below), so what it keeps in the database it reads on its first engine call.
  const opened: { deps?: Pick<Deps, 'db' | 'secrets' | 'clock'> } = {}
  // Known once the database is open, before the driver's first engine call.
  let defaultIngress: DefaultIngress = config.defaultIngress ?? 'open'
  const credentials = {
    clientCertificate: async () => {
      if (!opened.deps) throw new Error('the database is not open yet')
      return incusClientCertificate(opened.deps)
    },
  }
  const metrics = createServerMetrics()
  const driver = countEngineErrors(
    selectDriver(config, clock, log, credentials, () => defaultIngress),
    metrics.engineErrors
  )
  const { db, close, poolUse } = await openDatabase(config, async (db) => {
    // An engine that knows its machines sells them (inventory-sync.ts); the catalog is for the rest.
    if (!hasInventory(driver))
      seeded = await seedInventory(db, {
        database: { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
        catalogFile: config.catalogFile ?? DEFAULT_CATALOG,
      })
    generatedPassword = (await ensureAdmin({ db, clock })).generatedPassword
  })
  // The catalog's parsed copies are garbage now; an idle server would keep them resident.
  if (seeded > 0) collectGarbage()
  defaultIngress = await resolveDefaultIngress(db, config)
  const secrets = loadSecrets(config.dataDir, config.secretKey)
  const events = createEventHub({ db, databaseUrl: config.databaseUrl, log })
  const base = { db, config, clock, log, secrets, events, metrics }
  registerScrapeGauges(metrics, { db, clock, config, poolUse })
  opened.deps = base
  const workerId = newPrefixedId('wrk')
  // Filled by serve's inventory sync; until its first round no host is freed, only reserved.
  const soldHosts: SoldHosts | undefined = hasInventory(driver) ? new Set() : undefined
  const worker = createWorker(workerId, driver, workerHooks(base, workerId, soldHosts), log, {
    stuckAfterMs: config.stuckAfterSeconds * 1000,
    buildConcurrency: config.buildConcurrency ?? defaultBuildConcurrency(config.driver),
    clock,
  })
  return {
    ...base,
    worker,
    driver,
    soldHosts,
    defaultIngress,
    adminPassword: generatedPassword,
    async close(options) {
      // Streams and waiting requests end first, while the database still answers them.
      await events.close()
      await worker.stop(options)
      await close()
    },
  }
}

/** Prints the admin's one-time password to stderr, never to the structured log. */
export function printAdminPassword(password: string): void {
  process.stderr.write(
    `\nCreated the admin account. Log in to the dashboard as ${ADMIN_EMAIL} with this one-time password:\n\n    ${password}\n\nIt is not shown again.\n\n`
  )
}
