/**
 * User data of a new node: a `#!` script, or `#cloud-config` YAML of the documented subset
 * (`write_files`, `runcmd`, `users`; docs/api.md, User data), turned into one POSIX shell script
 * when the node is created. Every value from the YAML reaches the script single-quoted or as
 * base64 in a quoted heredoc, never interpolated: a path or a key cannot run code of its own.
 * @module
 */
import { isScalar, parseDocument, type Document } from 'yaml'
import { invalidField } from '../http/problem.js'

/** The largest user data accepted, in UTF-8 bytes (as Hetzner's and DigitalOcean's). */
export const USER_DATA_MAX_BYTES = 32 * 1024

const TOP_LEVEL = ['write_files', 'runcmd', 'users']
const WRITE_FILE_KEYS = ['path', 'content', 'permissions', 'encoding', 'owner']
const USER_KEYS = ['name', 'ssh_authorized_keys', 'shell']

type Emit = (line: string) => void

/** A 400 naming `user_data`, with the message saying what is wrong and where. */
const bad = (message: string) => invalidField('user_data', message)

/** `text` single-quoted for sh: nothing inside single quotes is special but the quote itself. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/** The script a node runs for this user data; throws a 400 naming `user_data` when it is invalid. */
export function userDataScript(text: string): string {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes > USER_DATA_MAX_BYTES)
    throw bad(`is ${bytes} bytes as UTF-8; at most ${USER_DATA_MAX_BYTES} (32 KiB)`)
  if (text.startsWith('#!')) return text
  const firstLine = text.split('\n', 1)[0]!.trimEnd()
  if (firstLine === '#cloud-config') return convertCloudConfig(text)
  throw bad('must start with `#!` (a shell script) or `#cloud-config` (the documented subset)')
}

function convertCloudConfig(text: string): string {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false })
  if (doc.errors.length > 0) throw bad(`is not valid YAML: ${doc.errors[0]!.message}`)
  let config: unknown
  try {
    config = doc.toJS({ maxAliasCount: 50 })
  } catch (err) {
    // Aliases that would expand too far (a "billion laughs" document).
    throw bad(`is not valid YAML: ${(err as Error).message}`)
  }
  if (config !== null && !isRecord(config)) throw bad('#cloud-config must be a YAML mapping')
  const entries = isRecord(config) ? config : {}
  for (const key of Object.keys(entries)) {
    if (!TOP_LEVEL.includes(key))
      throw bad(`cloud-config key \`${key}\` is not supported (supported: ${TOP_LEVEL.join(', ')})`)
  }
  const lines = [
    '#!/bin/sh',
    '# Converted by nodeplane from #cloud-config: write_files, then users, then runcmd.',
    'set -e',
  ]
  const emit: Emit = (line) => lines.push(line)
  listOf(entries.write_files, 'write_files').forEach((entry, i) =>
    writeFile(entry, i, emit, octalPermissions(doc, i))
  )
  listOf(entries.users, 'users').forEach((entry, i) => addUser(entry, i, emit))
  listOf(entries.runcmd, 'runcmd').forEach((entry, i) => runCommand(entry, i, emit))
  return `${lines.join('\n')}\n`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function listOf(value: unknown, key: string): unknown[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw bad(`cloud-config \`${key}\` must be a list`)
  return value
}

function fieldsOf(entry: unknown, where: string, allowed: string[]): Record<string, unknown> {
  if (!isRecord(entry)) throw bad(`cloud-config \`${where}\` must be a mapping`)
  for (const key of Object.keys(entry)) {
    if (!allowed.includes(key))
      throw bad(
        `cloud-config key \`${where}.${key}\` is not supported (supported: ${allowed.join(', ')})`
      )
  }
  return entry
}

function stringField(value: unknown, where: string, pattern?: RegExp, hint?: string): string {
  if (typeof value !== 'string') throw bad(`cloud-config \`${where}\` must be a string`)
  if (pattern && !pattern.test(value)) throw bad(`cloud-config \`${where}\` ${hint}`)
  return value
}

/**
 * The digits of `write_files[i].permissions` written as a YAML 1.2 octal number (`0o640`),
 * which the parser has turned into its value (416); undefined for any other form.
 */
function octalPermissions(doc: Document, index: number): string | undefined {
  const node = doc.getIn(['write_files', index, 'permissions'], true)
  if (!isScalar(node) || typeof node.value !== 'number') return undefined
  if (node.format === 'OCT') return node.value.toString(8)
  // 0x1a4 and the like: a number, but not in the octal digits a mode is read in.
  if (node.format === 'HEX') return 'hex'
  return undefined
}

/** One line, absolute, with no NUL: a path the script can quote and the kernel can take. */
const ABSOLUTE_PATH = /^\/[^\0\n\r]*$/

/**
 * Emits `bytes` into the file `target` (already quoted for sh) through base64 in a quoted
 * heredoc: its alphabet can never end the heredoc early, and nothing in it is expanded.
 */
function emitContent(target: string, bytes: Buffer, append: '>' | '>>', emit: Emit): void {
  emit(`base64 -d ${append} ${target} <<'NODEPLANE_EOF'`)
  const encoded = bytes.toString('base64')
  for (let i = 0; i < encoded.length; i += 76) emit(encoded.slice(i, i + 76))
  emit('NODEPLANE_EOF')
}

function writeFile(entry: unknown, index: number, emit: Emit, octal?: string): void {
  const where = `write_files[${index}]`
  const file = fieldsOf(entry, where, WRITE_FILE_KEYS)
  const path = stringField(file.path, `${where}.path`, ABSOLUTE_PATH, 'must be an absolute path')
  const content = file.content === undefined ? '' : stringField(file.content, `${where}.content`)
  const encoding = file.encoding ?? 'text'
  if (encoding !== 'text' && encoding !== 'b64')
    throw bad(`cloud-config \`${where}.encoding\` must be \`b64\` or \`text\``)
  if (encoding === 'b64' && !/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(content))
    throw bad(`cloud-config \`${where}.content\` is not base64`)
  // YAML 1.2 reads 0644 as the number 644: its digits are what was meant.
  const mode = octal ?? file.permissions ?? '0644'
  if (typeof mode !== 'string' && typeof mode !== 'number')
    throw bad(`cloud-config \`${where}.permissions\` must be octal, such as '0644'`)
  const permissions = String(mode).replace(/^0o/, '')
  if (!/^[0-7]{3,4}$/.test(permissions))
    throw bad(`cloud-config \`${where}.permissions\` must be octal, such as '0644'`)
  if (file.owner !== undefined && file.owner !== 'root' && file.owner !== 'root:root')
    throw bad(`cloud-config \`${where}.owner\` must be root (other owners are not supported)`)
  const bytes = encoding === 'b64' ? Buffer.from(content, 'base64') : Buffer.from(content, 'utf8')
  emit(`mkdir -p -- "$(dirname -- ${shellQuote(path)})"`)
  emitContent(shellQuote(path), bytes, '>', emit)
  emit(`chmod ${permissions} ${shellQuote(path)}`)
}

const USER_NAME = /^[a-z_][a-z0-9_-]{0,31}$/

function addUser(entry: unknown, index: number, emit: Emit): void {
  const where = `users[${index}]`
  const user = fieldsOf(entry, where, USER_KEYS)
  const name = stringField(user.name, `${where}.name`, USER_NAME, 'must be a Linux user name')
  // Root's authorized_keys are the node's `ssh_keys`: nodeplane rewrites the file on every
  // change of them (and when a node is brought back), so keys added here would vanish later.
  if (name === 'root')
    throw bad(
      `cloud-config \`${where}.name\` must not be root: give root's keys in \`ssh_keys\` (PUT /api/v1/nodes/{id}/ssh-keys changes them)`
    )
  const shell =
    user.shell === undefined
      ? '/bin/bash'
      : stringField(user.shell, `${where}.shell`, ABSOLUTE_PATH, 'must be an absolute path')
  const keys = listOf(user.ssh_authorized_keys, `${where}.ssh_authorized_keys`).map((key, i) =>
    stringField(key, `${where}.ssh_authorized_keys[${i}]`, /^[^\n\r\0]+$/, 'must be one line')
  )
  const q = shellQuote(name)
  // Password `*`: no password login, yet not locked (`!`), which sshd without PAM would
  // take as a refusal of key logins too.
  emit(
    `id -u ${q} >/dev/null 2>&1 || useradd --create-home --password '*' --shell ${shellQuote(shell)} ${q}`
  )
  if (keys.length === 0) return
  emit(`home=$(getent passwd ${q} | cut -d: -f6)`)
  emit(`install -d -m 0700 -o ${q} -g "$(id -g ${q})" "$home/.ssh"`)
  emitContent('"$home/.ssh/authorized_keys"', Buffer.from(`${keys.join('\n')}\n`), '>>', emit)
  emit(`chown ${q}: "$home/.ssh/authorized_keys" && chmod 0600 "$home/.ssh/authorized_keys"`)
}

function runCommand(entry: unknown, index: number, emit: Emit): void {
  const where = `runcmd[${index}]`
  // A string is shell, run by its own sh so that an unbalanced quote cannot swallow the rest.
  if (typeof entry === 'string') return emit(`sh -c ${shellQuote(entry)}`)
  if (!Array.isArray(entry) || entry.length === 0)
    throw bad(`cloud-config \`${where}\` must be a string or a non-empty list of arguments`)
  const argv = entry.map((arg, i) => {
    if (typeof arg === 'string') return arg
    if (typeof arg === 'number' || typeof arg === 'boolean') return String(arg)
    throw bad(`cloud-config \`${where}[${i}]\` must be a string`)
  })
  emit(argv.map(shellQuote).join(' '))
}
