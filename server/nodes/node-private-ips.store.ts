import { and, desc, eq, gte, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.js'
import { lowestFree } from '../db/lowest-free.js'
import { preparedPerDb } from '../db/prepared.js'
import type { UsedNumbers } from '../lib/next-fit.js'
import { live } from './nodes.store.js'
import { nodes } from './nodes.table.js'

// The private addresses of a VPC's nodes, as its allocator asks about them (nodes.service's
// nextPrivateIp, under the VPC's row lock).

const higher = alias(nodes, 'higher')

const highestInVpc = preparedPerDb('highest_private_ip', (db) =>
  db
    .select({ value: nodes.privateIpValue })
    .from(nodes)
    .where(
      and(
        eq(nodes.vpcId, sql.placeholder('vpcId')),
        live,
        gte(nodes.privateIpValue, sql.placeholder('lo')),
        lte(nodes.privateIpValue, sql.placeholder('hi'))
      )
    )
    .orderBy(desc(nodes.privateIpValue))
    .limit(1)
)

/** The VPC's private addresses in use, as next-fit allocation asks about them (lib/next-fit.ts). */
export function usedPrivateIps(db: Db, vpcId: string): UsedNumbers {
  return {
    async highest({ lo, hi }) {
      return (await highestInVpc(db, { vpcId, lo, hi }))[0]?.value ?? undefined
    },
    lowestFree(range) {
      const inVpc = and(eq(nodes.vpcId, vpcId), live)
      const higherInVpc = and(eq(higher.vpcId, vpcId), sql`${higher.status} <> 'deleted'`)
      return lowestFree(
        db,
        { table: nodes, value: nodes.privateIpValue, scope: inVpc },
        { table: higher, value: higher.privateIpValue, scope: higherInVpc },
        range
      )
    },
  }
}
