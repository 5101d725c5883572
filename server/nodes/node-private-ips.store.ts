import { and, asc, desc, eq, gte, lt, lte, notExists, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.js'
import { first, preparedPerDb } from '../db/prepared.js'
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
    async lowestFree({ lo, hi }) {
      const inVpc = (value: SQL) =>
        and(eq(nodes.vpcId, vpcId), live, eq(nodes.privateIpValue, value))
      if (
        !(await first(
          db
            .select({ id: nodes.id })
            .from(nodes)
            .where(inVpc(sql`${lo}`))
            .limit(1)
        ))
      )
        return lo
      // The first address in use whose successor is free: the walk stops at the lowest gap.
      const next = sql<number>`${nodes.privateIpValue} + 1`
      const taken = db
        .select({ id: higher.id })
        .from(higher)
        .where(
          and(
            eq(higher.vpcId, vpcId),
            sql`${higher.status} <> 'deleted'`,
            eq(higher.privateIpValue, next)
          )
        )
      const gap = await first(
        db
          .select({ value: next })
          .from(nodes)
          .where(
            and(
              eq(nodes.vpcId, vpcId),
              live,
              gte(nodes.privateIpValue, lo),
              lt(nodes.privateIpValue, hi),
              notExists(taken)
            )
          )
          .orderBy(asc(nodes.privateIpValue))
          .limit(1)
      )
      return gap ? Number(gap.value) : undefined
    },
  }
}
