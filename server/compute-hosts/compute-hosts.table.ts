import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** The bare-metal inventory that discovery searches and nodes are placed on. */
export const computeHosts = sqliteTable(
  'compute_hosts',
  {
    id: text('id').primaryKey(),
    hostname: text('hostname').notNull(),
    region: text('region').notNull(),
    datacenter: text('datacenter').notNull(),
    os: text('os').notNull(),
    cpuCores: integer('cpu_cores').notNull(),
    cpuArchitecture: text('cpu_architecture').notNull(),
    memoryGb: integer('memory_gb').notNull(),
    storageGb: integer('storage_gb').notNull(),
    gpuCount: integer('gpu_count').notNull(),
    /** Ten-thousandths of the currency unit (see lib/money.ts). */
    hourlyPrice: integer('hourly_price').notNull(),
    monthlyPrice: integer('monthly_price').notNull(),
    currency: text('currency').notNull(),
    /** `reserved` while a node runs on it, or when the catalog marks it so. */
    status: text('status', { enum: ['active', 'reserved'] }).notNull(),
  },
  (table) => {
    // Discovery sorts by price then id. Every index starts with what narrows the search and
    // goes on with (price, id), so a page reads rows in order without sorting them, and
    // placement (the cheapest active host of a region) reads one entry. The filter columns
    // trail each index so that the count behind `pagination.total`, and skipping hosts that
    // fail a filter, read the index alone and never the table.
    const specs = [table.cpuCores, table.memoryGb, table.storageGb, table.gpuCount] as const
    return [
      index('compute_hosts_price_idx').on(
        table.hourlyPrice,
        table.id,
        table.region,
        table.datacenter,
        ...specs,
        table.status
      ),
      index('compute_hosts_region_idx').on(
        table.region,
        table.hourlyPrice,
        table.id,
        table.datacenter,
        ...specs,
        table.status
      ),
      index('compute_hosts_placement_idx').on(
        table.region,
        table.status,
        table.hourlyPrice,
        table.id,
        ...specs
      ),
      index('compute_hosts_datacenter_idx').on(
        table.datacenter,
        table.hourlyPrice,
        table.id,
        ...specs,
        table.status
      ),
    ]
  }
)
