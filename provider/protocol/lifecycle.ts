/**
 * When a provider process ends: on GRPCController.Shutdown, on SIGTERM, or when Terraform
 * itself has gone away. Never on its own otherwise.
 * @module
 */
import type * as grpc from '@grpc/grpc-js'

const PARENT_POLL_MS = 1000
const FORCE_AFTER_MS = 500

/**
 * Install the exit triggers and return the shutdown function.
 *
 * Deliberately not watched:
 * - stdin: go-plugin hands the plugin Terraform's own stdin (the terminal, or /dev/null in CI),
 *   so EOF says nothing about the parent, and reading it would steal `yes` from an apply prompt.
 * - SIGINT: Ctrl-C reaches the whole process group. Like go-plugin we ignore it, because
 *   Terraform handles it by calling StopProvider and then shutting us down once in-flight
 *   applies have returned; dying here could lose state of a resource being created.
 */
export function watchLifecycle(server: grpc.Server): () => void {
  let done = false
  const shutdown = (code = 0) => {
    if (done) return
    done = true
    const exit = () => process.exit(code)
    setTimeout(() => {
      server.forceShutdown()
      exit()
    }, FORCE_AFTER_MS).unref()
    server.tryShutdown(exit)
  }

  process.on('SIGTERM', () => shutdown(0))
  process.on('SIGINT', () => {})
  // A vanished reader must not crash us with EPIPE; the parent watch below ends the process.
  process.stdout.on('error', () => {})

  const parent = process.ppid
  const timer = setInterval(() => {
    if (!parentAlive(parent)) shutdown(0)
  }, PARENT_POLL_MS)
  timer.unref()
  return () => shutdown(0)
}

// An orphan is re-parented (to init or a subreaper), so ppid changes; kill(pid, 0) also catches
// the rarer case of a parent that is gone while we still report its pid.
function parentAlive(parent: number): boolean {
  if (process.ppid !== parent) return false
  try {
    process.kill(parent, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
