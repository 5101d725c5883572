/**
 * Provider logging. go-plugin reads the plugin's stderr line by line and re-logs hclog-style
 * JSON lines at their own level, so `TF_LOG=debug tofu plan` (or TF_LOG_PROVIDER) shows them.
 * @module
 */

/** hclog levels, lowest first. */
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error'

/** Write one log line for Terraform's log. Extra fields appear as key=value pairs. */
export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  // go-plugin parses "@timestamp" with a fixed microsecond layout and rejects the whole line as
  // JSON otherwise, so milliseconds are padded to six digits.
  const timestamp = new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')
  const line = { '@level': level, '@message': message, '@timestamp': timestamp, ...fields }
  process.stderr.write(JSON.stringify(line) + '\n')
}
