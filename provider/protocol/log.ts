/**
 * Provider logging. go-plugin reads the plugin's stderr line by line and re-logs hclog-style
 * JSON lines at their own level, so `TF_LOG=debug tofu plan` (or TF_LOG_PROVIDER) shows them.
 * @module
 */

/** hclog levels, lowest first. */
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error'

const LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error']

/**
 * The lowest level worth writing, read the way Terraform's own plugin SDKs read it:
 * TF_LOG_PROVIDER, else TF_LOG (`json` means trace). Without either, Terraform discards what a
 * provider logs below a warning, and one debug line per RPC costs both processes real time in
 * a plan of hundreds of resources, so those lines are not written at all.
 */
export function logThreshold(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const wanted = (env.TF_LOG_PROVIDER || env.TF_LOG || '').trim().toLowerCase()
  if (wanted === 'json') return 'trace'
  return LEVELS.includes(wanted as LogLevel) ? (wanted as LogLevel) : 'warn'
}

const threshold = LEVELS.indexOf(logThreshold())

/** Write one log line for Terraform's log. Extra fields appear as key=value pairs. */
export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS.indexOf(level) < threshold) return
  // go-plugin parses "@timestamp" with a fixed microsecond layout and rejects the whole line as
  // JSON otherwise, so milliseconds are padded to six digits.
  const timestamp = new Date().toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')
  const line = { '@level': level, '@message': message, '@timestamp': timestamp, ...fields }
  process.stderr.write(JSON.stringify(line) + '\n')
}
