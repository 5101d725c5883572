import { pino, type Logger } from 'pino'

/** JSON lines on stdout, one object per event; `level` from NODEPLANE_LOG_LEVEL. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    // Belt and braces: should a header object ever be logged, its secrets are not.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.key'],
  })
}
