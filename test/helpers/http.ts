/** A tiny client for tests: JSON in, parsed JSON and headers out, never throwing on status. */
export interface Reply<T = any> {
  status: number
  headers: Headers
  body: T
  text: string
}

export function api(baseUrl: string, key?: string) {
  async function request<T = any>(
    method: string,
    path: string,
    init: { json?: unknown; headers?: Record<string, string>; body?: string } = {}
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...init.headers }
    if (key && !('Authorization' in headers)) headers.Authorization = `Bearer ${key}`
    let body = init.body
    if (init.json !== undefined) {
      headers['Content-Type'] ??= 'application/json'
      body = JSON.stringify(init.json)
    }
    const res = await fetch(new URL(path, baseUrl), { method, headers, body })
    const text = await res.text()
    let parsed: unknown = undefined
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      parsed = undefined
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text }
  }
  return {
    request,
    get: <T = any>(path: string, headers?: Record<string, string>) =>
      request<T>('GET', path, { headers }),
    post: <T = any>(path: string, json?: unknown, headers?: Record<string, string>) =>
      request<T>('POST', path, { json: json ?? {}, headers }),
    delete: <T = any>(path: string) => request<T>('DELETE', path),
  }
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
