import { defineConfig } from 'drizzle-kit'

/** PostgreSQL migrations, generated from the same tables (translated by server/db/pg-schema.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/pg-schema.ts',
  out: './server/db/migrations-pg',
})
