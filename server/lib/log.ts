import { pino, stdSerializers, type Logger, type LoggerOptions } from 'pino'
import { prettyDestination } from './log-pretty.js'

/** JSON lines for machines and log collectors, or readable lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty'

/** A terminal gets readable lines; a pipe, a file or a journal gets JSON. */
export const defaultLogFormat = (): LogFormat => (process.stdout.isTTY ? 'pretty' : 'json')

/**
 * The server's logger on stdout, one event a line; `level` from NODEPLANE_LOG_LEVEL and
 * `format` from NODEPLANE_LOG_FORMAT (else by whether stdout is a terminal).
 */
export function createLogger(
  level: string,
  format: LogFormat = defaultLogFormat(),
  out: { write(text: string): unknown } = process.stdout
): Logger {
  const debugging = level === 'debug' || level === 'trace'
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Belt and braces: should a header object ever be logged, its secrets are not.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.key'],
    // pino writes a missing stack as "": leave the key out instead.
    serializers: { err: withoutEmptyStack },
    hooks: {
      // A warning's error is news, not a crash: its stack only when debugging. Errors
      // (level 50 and up: a request that failed, a worker that died) keep theirs.
      logMethod(args, method, levelNumber) {
        if (levelNumber < 50 && !debugging) args = args.map(withoutStack) as typeof args
        return method.apply(this, args)
      },
    },
  } satisfies LoggerOptions
  if (format === 'pretty') return pino(options, prettyDestination(out))
  return out === process.stdout ? pino(options) : pino(options, out)
}

function withoutStack(arg: unknown): unknown {
  if (arg instanceof Error) return { err: brief(arg) }
  if (arg && typeof arg === 'object' && 'err' in arg && arg.err instanceof Error)
    return { ...arg, err: brief(arg.err) }
  return arg
}

/** The error as pino would log it, less its stack: it still reads as the error it is. */
function brief(err: Error): Error {
  const copy = Object.create(err) as Error
  Object.defineProperty(copy, 'stack', { value: undefined })
  return copy
}

function withoutEmptyStack(err: Error) {
  const serialized = stdSerializers.err(err) as { stack?: string }
  if (serialized && !serialized.stack) delete serialized.stack
  return serialized
}
