/**
 * One HTTP exchange over node:http(s), with keep-alive. Not `fetch`: Node 20 loads undici on
 * the first `fetch`, about 30 ms of CPU, and every provider process (three per Terraform
 * command) would pay it on its first API call.
 * @module
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'

export interface HttpRequest {
  method: string
  headers: Record<string, string>
  body?: string
  signal?: AbortSignal
}

export interface HttpResponse {
  status: number
  ok: boolean
  /** A response header by name, any case. */
  header(name: string): string | undefined
  text: string
}

// Idle keep-alive sockets are unreferenced by node:http, so they never hold the process open.
const agents = {
  'http:': new HttpAgent({ keepAlive: true }),
  'https:': new HttpsAgent({ keepAlive: true }),
}

export function send(url: URL, init: HttpRequest): Promise<HttpResponse> {
  const protocol = url.protocol as keyof typeof agents
  const request = protocol === 'https:' ? httpsRequest : httpRequest
  const headers = { ...init.headers }
  if (init.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(init.body))
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method, headers, signal: init.signal, agent: agents[protocol] },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(response(res, Buffer.concat(chunks).toString('utf8'))))
        res.on('error', reject)
      }
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

function response(res: IncomingMessage, text: string): HttpResponse {
  const status = res.statusCode ?? 0
  return {
    status,
    ok: status >= 200 && status < 300,
    header: (name) => {
      const value = res.headers[name.toLowerCase()]
      return Array.isArray(value) ? value[0] : value
    },
    text,
  }
}
