/**
 * The examples of docs/api.md as data: each fenced block split into the exchanges it shows
 * (a `$ curl` command, the status line, headers and the JSON answer), each tied to its endpoint
 * by its command or, when it shows only an answer, by a `<!-- endpoint: METHOD /path -->` comment
 * on the line before its fence, else the `### METHOD /path` heading above it; a ```json block by
 * a `<!-- schema: Name -->` comment on the line before its fence.
 * @module
 */

export interface DocExample {
  /** Where it is, for messages: `docs/api.md:209`. */
  at: string
  method?: string
  /** The concrete path of the command (`/nodes/node_v2dm...`) or the heading's (`/nodes/{id}`). */
  path?: string
  /** A component named by a `<!-- schema: Name -->` annotation. */
  schema?: string
  status?: number
  /** The JSON the command sent, as written (`-d '...'`). */
  requestBody?: string
  /** The answer's body as written: JSON, or an excerpt with `...`. */
  body?: string
}

const HEADING = /^#{2,4} (GET|POST|PUT|PATCH|DELETE) (\/[^\s?[]+)/
const ANNOTATION = /^<!-- schema: (\w+) -->$/
const ENDPOINT = /^<!-- endpoint: (GET|POST|PUT|PATCH|DELETE) (\/\S+) -->$/

/** Every exchange and annotated JSON block of a Markdown document. */
export function docExamples(markdown: string, file: string): DocExample[] {
  const lines = markdown.split('\n')
  const examples: DocExample[] = []
  let heading: { method: string; path: string } | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (/^#{1,4} /.test(line)) {
      const match = HEADING.exec(line)
      heading = match ? { method: match[1]!, path: match[2]! } : undefined
    }
    if (!line.startsWith('```')) continue
    const end = lines.indexOf('```', i + 1)
    const body = lines.slice(i + 1, end)
    const at = `${file}:${i + 1}`
    const annotation = ANNOTATION.exec(lines[i - 1] ?? '')
    const endpoint = ENDPOINT.exec(lines[i - 1] ?? '')
    const above = endpoint ? { method: endpoint[1]!, path: endpoint[2]! } : heading
    if (line === '```json' || annotation)
      examples.push({ at, schema: annotation?.[1], body: body.join('\n') })
    else if (line === '```') examples.push(...exchanges(body, at, above))
    i = end
  }
  return examples
}

/** The exchanges of one transcript block: command, status, headers, body. */
function exchanges(
  lines: string[],
  at: string,
  heading: { method: string; path: string } | undefined
): DocExample[] {
  const found: DocExample[] = []
  let i = 0
  while (i < lines.length) {
    let command: string | undefined
    if (lines[i]!.startsWith('$ ')) {
      command = lines[i]!
      while (command.endsWith('\\') && i + 1 < lines.length) command += `\n${lines[++i]}`
      i++
    }
    const status = /^(\d{3}) /.exec(lines[i] ?? '')
    if (!status) {
      // Not an HTTP answer (ssh, ssh-keygen, an SSE stream): skip to the next command.
      i++
      while (i < lines.length && !lines[i]!.startsWith('$ ')) i++
      continue
    }
    i++
    while (i < lines.length && /^[A-Za-z-]+: /.test(lines[i]!)) i++
    const body: string[] = []
    while (i < lines.length && lines[i] !== '' && !lines[i]!.startsWith('$ '))
      body.push(lines[i++]!)
    while (i < lines.length && lines[i] === '') i++
    const target = command ? fromCurl(command) : heading
    if (command && !command.includes('curl')) continue
    found.push({
      at,
      ...target,
      status: Number(status[1]),
      body: body.join('\n') || undefined,
      requestBody: command && requestBodyOf(command),
    })
  }
  return found
}

/** Method and path of a `curl` command line. */
function fromCurl(command: string): { method?: string; path?: string } {
  const path = /\$NODEPLANE_ENDPOINT(\/[^\s"'?]*)/.exec(command)?.[1]
  const method =
    /-X (\w+)/.exec(command)?.[1] ??
    (/ -d /.test(command) && !/ -G /.test(command) ? 'POST' : 'GET')
  return { method, path }
}

/** The body a command sends with `-d '...'`, when it is written as literal JSON. */
function requestBodyOf(command: string): string | undefined {
  return / -d '([^']*)'/.exec(command)?.[1]
}
