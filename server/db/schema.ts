/** Every table, for drizzle-kit's migrations and the typed drizzle instance. */
export * from '../accounts/accounts.table.js'
export * from '../api-keys/api-keys.table.js'
export * from '../compute-hosts/compute-hosts.table.js'
export * from '../nodes/nodes.table.js'
export * from '../public-ips/public-ips.table.js'
export * from '../vpcs/vpcs.table.js'
export * from '../idempotency/idempotency.table.js'
export * from '../accounts/sessions.table.js'
