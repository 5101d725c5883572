import type { NodeSpec } from './driver.js'
import { CommandError } from './network/exec.js'

/** The most of an engine's error a node's record and its `node.stuck` event keep. */
const ENGINE_ERROR_MAX_CHARS = 300

/**
 * An engine's error as a user may read it: one short line, without the node's root password
 * (no engine puts it in a message, but a node's record must never be where it leaks), and for
 * a failed command only the program and its subcommand, whose arguments say nothing useful
 * and would crowd out what it printed.
 */
export function engineErrorText(err: unknown, node: Pick<NodeSpec, 'login'>): string {
  let text =
    err instanceof CommandError
      ? `${err.command.slice(0, 2).join(' ')} exited with ${err.code}: ${err.stderr.trim() || '(no output)'}`
      : err instanceof Error
        ? err.message
        : String(err)
  if (node.login.password) text = text.split(node.login.password).join('[redacted]')
  text = text.replace(/\s+/g, ' ').trim() || 'the engine failed without a message'
  return text.length > ENGINE_ERROR_MAX_CHARS
    ? `${text.slice(0, ENGINE_ERROR_MAX_CHARS - 1)}…`
    : text
}
