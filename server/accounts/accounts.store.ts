import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { accounts, users } from './accounts.table.js'

export type UserRow = typeof users.$inferSelect

export function insertAccount(db: Db, row: typeof accounts.$inferInsert): void {
  db.insert(accounts).values(row).run()
}

export function insertUser(db: Db, row: typeof users.$inferInsert): UserRow {
  return db.insert(users).values(row).returning().get()
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, email)).get()
}

export function findAdmin(db: Db): UserRow | undefined {
  return db.select().from(users).where(eq(users.isAdmin, true)).orderBy(users.createdAt).get()
}

export function updatePasswordHash(db: Db, userId: string, passwordHash: string): void {
  db.update(users).set({ passwordHash }).where(eq(users.id, userId)).run()
}

export function findUserById(db: Db, id: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get()
}
