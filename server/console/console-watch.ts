/**
 * Watches the console sessions this process serves: refreshes their rows, so the other
 * replicas keep counting them, and ends each one whose key was revoked, whose dashboard login
 * logged out or expired, or whose user's password changed, on whichever replica that happened,
 * within WATCH_MS.
 * @module
 */
import type { Deps } from '../deps.js'
import { openerStillAllowed, refreshSessions, WATCH_MS } from './console-sessions.service.js'
import type { ConsoleTicketRow } from './console-tickets.table.js'

/** A session as the watch sees it. */
export interface Watched {
  /** Its row (console-sessions.table.ts). */
  id: string
  ticket: ConsoleTicketRow
  /** Ends it: what opened it may no longer. */
  revoke(): void
}

export interface ConsoleWatch {
  /** Watches a session until the returned function is called. */
  add(session: Watched): () => void
  close(): void
}

export function createConsoleWatch(deps: Deps): ConsoleWatch {
  const watched = new Map<string, Watched>()
  let checking = false
  async function check(): Promise<void> {
    if (checking || watched.size === 0) return
    checking = true
    try {
      await refreshSessions(deps, [...watched.keys()])
      for (const session of [...watched.values()]) {
        if (!(await openerStillAllowed(deps, session.ticket))) session.revoke()
      }
    } catch (err) {
      deps.log.error({ err }, 'could not check the console sessions')
    } finally {
      checking = false
    }
  }
  // Polled rather than told: a logout or a password change on another replica tells nobody.
  const timer = setInterval(() => void check(), WATCH_MS)
  return {
    add(session) {
      watched.set(session.id, session)
      return () => watched.delete(session.id)
    },
    close() {
      clearInterval(timer)
    },
  }
}
