import { fork } from 'node:child_process'
import type { Db, DatabaseOptions } from '../db/client.js'
import { loadCatalog, readCatalogFile } from './compute-hosts.service.js'
import { countHosts } from './compute-hosts.store.js'

export interface SeedJob {
  database: DatabaseOptions
  catalogFile: string
}

export type SeedOutcome = { count: number } | { error: string }

const SEEDER = new URL('./catalog-seed.child.js', import.meta.url)
/** The compiled server only: under tsx (development, tests) the load runs in place. */
const compiled = import.meta.url.endsWith('.js')

/**
 * On first start the inventory is empty: fill it from the configured or bundled catalog.
 *
 * In a process of its own, because a server that parsed a large catalog itself kept the pages of
 * its copies resident long after collecting them: about 40 MiB of an idle server's 140 with
 * 20,000 hosts (docs/performance.md). A worker thread gave back only half: its freed memory stays
 * in the allocator's arenas. `db` must already be migrated: the seeder opens a second connection
 * to the same database and only writes hosts.
 */
export async function seedInventory(db: Db, job: SeedJob): Promise<number> {
  if ((await countHosts(db)) > 0) return 0
  if (!compiled) return loadCatalog({ db }, readCatalogFile(job.catalogFile))
  return new Promise((resolve, reject) => {
    const seeder = fork(SEEDER, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
    seeder.once('message', (outcome: SeedOutcome) =>
      'count' in outcome ? resolve(outcome.count) : reject(new Error(outcome.error))
    )
    seeder.once('error', reject)
    seeder.once('exit', (code) => reject(new Error(`catalog load failed (exit code ${code})`)))
    seeder.send(job)
  })
}
