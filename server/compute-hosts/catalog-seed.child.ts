import { connectDatabase } from '../db/client.js'
import type { SeedJob, SeedOutcome } from './catalog-seed.js'
import { loadCatalog, readCatalogFile } from './compute-hosts.service.js'

// Run by seedInventory as a process of its own: loads the host catalog on a connection of its
// own and answers with the number of hosts read, or why it could not. Every copy of the catalog
// leaves with the process.
process.once('message', (job: SeedJob) => {
  void seed(job)
})

async function seed({ database, catalogFile }: SeedJob): Promise<void> {
  const { db, close } = await connectDatabase(database)
  try {
    const outcome: SeedOutcome = { count: await loadCatalog({ db }, readCatalogFile(catalogFile)) }
    process.send!(outcome)
  } catch (err) {
    process.send!({ error: (err as Error).message })
  } finally {
    await close()
    process.disconnect()
  }
}
