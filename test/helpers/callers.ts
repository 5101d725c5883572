import { createTestKey, createTestUser } from './accounts.js'
import { api } from './http.js'
import type { TestServer } from './server.js'

export type Caller = ReturnType<typeof api>

/**
 * The callers a tenant test needs on one server: the admin's read_write key (`client`), a read
 * key of the same account (`reader`), and a read_write key of another account (`stranger`).
 */
export async function testCallers(
  server: TestServer
): Promise<{ client: Caller; reader: Caller; stranger: Caller }> {
  const stranger = 'stranger@example.com'
  await createTestUser(server.dataDir, stranger)
  return {
    client: api(server.url, (await createTestKey(server.dataDir)).key),
    reader: api(server.url, (await createTestKey(server.dataDir, 'read')).key),
    stranger: api(server.url, (await createTestKey(server.dataDir, 'read_write', stranger)).key),
  }
}
