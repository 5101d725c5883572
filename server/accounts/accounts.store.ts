import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { first } from '../db/prepared.js'
import type { Tx } from '../db/transaction.js'
import { accounts, users } from './accounts.table.js'

export type UserRow = typeof users.$inferSelect

export async function insertAccount(tx: Tx, row: typeof accounts.$inferInsert): Promise<void> {
  await tx.insert(accounts).values(row)
}

export async function insertUser(tx: Tx, row: typeof users.$inferInsert): Promise<UserRow> {
  return (await tx.insert(users).values(row).returning())[0]!
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return first(db.select().from(users).where(eq(users.email, email)).limit(1))
}

export function findAdmin(db: Db): Promise<UserRow | undefined> {
  return first(
    db.select().from(users).where(eq(users.isAdmin, true)).orderBy(users.createdAt).limit(1)
  )
}

/** Stores a new password; `mustChange` marks one the server generated (a one-time password). */
export async function updatePasswordHash(
  tx: Tx,
  userId: string,
  passwordHash: string,
  mustChange = false
): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash, passwordMustChange: mustChange })
    .where(eq(users.id, userId))
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return first(db.select().from(users).where(eq(users.id, id)).limit(1))
}
