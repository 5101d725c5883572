import type { Db } from './client.js'
import { changeMarker } from './transaction.js'

interface Entry<T> {
  value: T
  marker: string
  at: number
}

/**
 * Keeps the results of an expensive read until the data under it may have changed: until any
 * write of this process, and on SQLite of another process (see changeMarker); on PostgreSQL,
 * where other replicas' commits are not seen here, for at most `ttlMs` besides. For values a short staleness
 * across replicas cannot hurt, such as discovery's total count.
 */
export function readCache<T>(options: { ttlMs: number; maxEntries: number }) {
  const perDb = new WeakMap<Db, Map<string, Entry<T>>>()
  return async function cached(db: Db, key: string, read: () => Promise<T>): Promise<T> {
    let entries = perDb.get(db)
    if (!entries) perDb.set(db, (entries = new Map()))
    const { marker, complete } = changeMarker(db)
    const now = Date.now()
    const hit = entries.get(key)
    if (hit && hit.marker === marker && (complete || now - hit.at < options.ttlMs)) return hit.value
    // Read after taking the marker: a write landing meanwhile leaves the entry already stale.
    const value = await read()
    entries.delete(key)
    entries.set(key, { value, marker, at: now })
    // Map keeps insertion order: the first key is the least recently stored.
    if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!)
    return value
  }
}
