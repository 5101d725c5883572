/**
 * The diagnostic of an account limit: the server's 403 `quota_exceeded` at apply, or the plan's
 * own count (resources/quota-claims.ts). Named by the limit, since a 403's usual advice (use a
 * read_write key) would send the user the wrong way.
 * @module
 */
import { diagnosticError, type DiagnosticError } from '../framework/diagnostics.js'

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** `Account limit reached: <limit>` with the server's or the plan's explanation. */
export function quotaDiagnostic(limit: string, detail: string): DiagnosticError {
  return diagnosticError(
    `Account limit reached: ${limit}`,
    `${detail}\n\nDelete what the account no longer needs, or ask the operator to raise the limit ` +
      `(\`nodeplane accounts limits set --email <you> --${limit.replaceAll('_', '-')} N\`); ` +
      'GET /api/v1/limits shows every limit and what the account uses.'
  )
}

/** The diagnostic of a 403 `quota_exceeded` problem body. */
export function quotaProblem(body: Record<string, unknown>): DiagnosticError {
  const requestId = text(body.request_id)
  const detail = [text(body.detail), requestId && `Request ID: ${requestId}`]
    .filter(Boolean)
    .join('\n\n')
  return quotaDiagnostic(text(body.limit) ?? 'unknown', detail)
}
