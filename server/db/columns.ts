import { customType } from 'drizzle-orm/sqlite-core'

/**
 * An IPv4 address as an unsigned 32-bit number, so allocators can search addresses in an
 * index by value (`MAX`, `+ 1`) instead of reading every address in use. SQLite's integer
 * holds it; PostgreSQL's `integer` is signed 32-bit, so pg-schema.ts makes it a bigint there.
 */
export const ipv4Number = customType<{ data: number; driverData: number }>({
  dataType: () => 'integer',
})

/**
 * A sum that can pass 2^31, such as a month's bill in millionths: SQLite's integer holds it,
 * and pg-schema.ts makes every custom column a bigint on PostgreSQL (its `integer` is 32-bit).
 */
export const bigCount = customType<{ data: number; driverData: number }>({
  dataType: () => 'integer',
})
