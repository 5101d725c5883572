/**
 * Diagnostics: what a provider tells Terraform instead of failing an RPC. Resources throw
 * {@link DiagnosticError} (or any error) and the protocol layer turns it into diagnostics.
 * @module
 */

/** An attribute path: attribute names, list indexes, and map keys (`{ key }`). */
export type AttributePath = (string | number | { key: string })[]

/** One diagnostic, as shown by `tofu plan`/`apply`. */
export interface Diagnostic {
  severity: 'error' | 'warning'
  summary: string
  detail?: string
  path?: AttributePath
}

/** Collects the diagnostics of one RPC; resources add warnings here and throw for errors. */
export class Diagnostics {
  readonly items: Diagnostic[] = []

  /** Add an error; the RPC still returns, and Terraform stops after it. */
  error(summary: string, detail?: string, path?: AttributePath): void {
    this.items.push({ severity: 'error', summary, detail, path })
  }

  /** Add a warning. */
  warning(summary: string, detail?: string, path?: AttributePath): void {
    this.items.push({ severity: 'warning', summary, detail, path })
  }

  /** Add diagnostics converted from a thrown value. */
  add(err: unknown): void {
    this.items.push(...toDiagnostics(err))
  }

  /** Whether any error was recorded. */
  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error')
  }
}

/** An error that carries ready-made diagnostics. */
export class DiagnosticError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.summary).join('; '))
  }
}

/** Build a throwable error diagnostic: `throw diagnosticError('Node not found', detail, ['id'])`. */
export function diagnosticError(summary: string, detail?: string, path?: AttributePath) {
  return new DiagnosticError([{ severity: 'error', summary, detail, path }])
}

/** The RFC 9457 problem fields the nodeplane API returns (docs/design.md, Errors). */
export interface ProblemLike {
  status: number
  title: string
  detail?: string
  code?: string
  request_id?: string
  errors?: { field: string; message: string }[]
}

/** Whether a thrown value carries API problem fields (the API client's error does). */
export function isProblemLike(err: unknown): err is ProblemLike {
  const p = err as Partial<ProblemLike> | null
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.status === 'number' &&
    typeof p.title === 'string'
  )
}

/**
 * API problem → diagnostics: summary is the title, detail adds the request id (what support
 * needs), and each per-field error points at the attribute path it names.
 */
export function problemDiagnostics(p: ProblemLike): Diagnostic[] {
  const detail = [p.detail, p.request_id && `Request ID: ${p.request_id}`]
    .filter(Boolean)
    .join('\n\n')
  if (!p.errors?.length) return [{ severity: 'error', summary: p.title, detail }]
  return p.errors.map((e) => ({
    severity: 'error' as const,
    summary: p.title,
    detail: [e.message, detail].filter(Boolean).join('\n\n'),
    path: fieldPath(e.field),
  }))
}

/** Any thrown value → diagnostics. */
export function toDiagnostics(err: unknown): Diagnostic[] {
  if (err instanceof DiagnosticError) return err.diagnostics
  if (isProblemLike(err)) return problemDiagnostics(err)
  if (err instanceof Error) return [{ severity: 'error', summary: err.message || err.name }]
  return [{ severity: 'error', summary: String(err) }]
}

/** Map attributes whose keys may hold dots: the API names a bad label `labels.<key>`. */
const DOTTED_KEY_MAPS = new Set(['labels'])

// API fields are dotted ("disks.0.size"); numeric segments are list indexes. A label key keeps
// its dots ("labels.example.com/tier"), or the path would point at no attribute and Terraform
// would show the error on the whole resource instead of on the label.
function fieldPath(field: string): AttributePath | undefined {
  if (!field) return undefined
  const [head, ...rest] = field.split('.')
  if (DOTTED_KEY_MAPS.has(head!) && rest.length) return [head!, { key: rest.join('.') }]
  return field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s))
}
