// @ts-check
/**
 * Lint for the TypeScript that the root tsconfig.json compiles: typescript-eslint's type-aware
 * rules, promises above all (a query or transaction nobody awaits fails silently, and on
 * PostgreSQL out of order), and the house rules that used to be comments.
 * `npm run lint`; test/run-all.sh runs it beside the typecheck.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import tseslint from 'typescript-eslint'

/**
 * The floor plan of server/ (docs/development.md, "The floor plan"): no two folders import each
 * other. The import graph is read once per lint run from the files on disk; an import from
 * folder A into folder B is refused when B already imports A, unless the tie is one of the
 * known ones below, each waiting to be undone by moving what knots it. db/ and the root files
 * are left out: db/schema.ts gathers every family's tables by design.
 */
export const KNOWN_TIES = [
  'api-keys|events', // Principal, a type events' actor names: to http/env.ts
  'api-keys|http', // Principal and AppEnv: to http/env.ts
  'compute-hosts|provisioning', // the inventory contract's host types: to the driver contract
  'events|nodes', // housekeeping composes families: to a jobs floor above them
  'events|webhooks', // housekeeping again
  'firewalls|nodes', // the firewall sync reads live nodes: one effective-ingress query
  'http|idempotency', // RequestClaim in AppEnv: to http/env.ts
  'nodes|provisioning', // worker-hooks assembles the worker's port: to the jobs floor
  'nodes|public-ips', // node transitions write addresses; public IPs look nodes up
  'nodes|ssh-keys', // node keys' table and the ssh-keys store's use of nodes
  'nodes|usage', // retention archives usage; usage reads nodes
  'nodes|vpcs', // a node's VPC; the VPC store reads node ids
]

export function serverImportGraph() {
  const edges = new Set()
  const root = join(import.meta.dirname, 'server')
  const folderOf = (path) => {
    const [first, ...rest] = relative(root, path).split(sep)
    return rest.length > 0 ? first : undefined
  }
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry) || entry === join('db', 'schema.ts')) continue
    const file = join(root, entry)
    const from = folderOf(file)
    if (!from || from === 'db') continue
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/\bfrom\s+'(\.[^']+)'/g)) {
      const to = folderOf(resolve(dirname(file), spec))
      if (to && to !== from && to !== 'db') edges.add(`${from}>${to}`)
    }
  }
  return edges
}

/** @type {import('eslint').Rule.RuleModule} */
const noFolderTie = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const root = join(import.meta.dirname, 'server')
    const from = relative(root, context.filename).split(sep)
    if (from.length < 2 || from[0] === 'db') return {}
    const graph = (noFolderTie.graph ??= serverImportGraph())
    const check = (node) => {
      const spec = node.source?.value
      if (typeof spec !== 'string' || !spec.startsWith('.')) return
      const to = relative(root, resolve(dirname(context.filename), spec)).split(sep)
      if (to.length < 2 || to[0] === from[0] || to[0] === 'db' || to[0] === '..') return
      const tie = [from[0], to[0]].sort().join('|')
      if (graph.has(`${to[0]}>${from[0]}`) && !KNOWN_TIES.includes(tie))
        context.report({
          node,
          message: `server/${to[0]}/ imports server/${from[0]}/ already: two folders never import each other. Move what both need below them (docs/development.md, "The floor plan")`,
        })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}

/** Calls that exist only on drizzle's better-sqlite3 driver: on PostgreSQL they are not there. */
const SQLITE_ONLY_CALL = {
  selector:
    "CallExpression[arguments.length=0][callee.type='MemberExpression'][callee.property.name=/^(get|all|run)$/]",
  message:
    '.get(), .all() and .run() exist only on SQLite; await the query itself so it also runs on PostgreSQL (docs/development.md)',
}

/** A service's exported function takes its context first (docs/development.md), never a bare Db or Tx. */
const SERVICE_TAKES_CTX = {
  selector:
    'ExportNamedDeclaration > FunctionDeclaration > Identifier.params:first-child[typeAnnotation.typeAnnotation.typeName.name=/^(Db|Tx)$/]',
  message:
    'a service function takes its context first: ctx: ServiceCtx<...> (or ServiceTxCtx), not a bare Db or Tx (docs/development.md)',
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'provider/cdktf/',
      'provider/protocol/gen/',
      'examples/',
      'clients/',
      'test-output/',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // drizzle's query builders are thenables, not Promises: a forgotten await on one is the bug.
      '@typescript-eslint/no-floating-promises': ['error', { checkThenables: true }],
      '@typescript-eslint/no-misused-promises': 'error',
      // JSON answers in tests and gRPC messages are `any` where they enter; the server parses
      // what it receives with zod, so these rules would ask for casts that prove nothing.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Stores, services and provider resources are async by contract (PostgreSQL, the plugin
      // protocol) even where one implementation has nothing to await.
      '@typescript-eslint/require-await': 'off',
      // `let { planned, requiresReplace } = …` where only one is reassigned stays one line.
      'prefer-const': ['error', { destructuring: 'all' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "import z from '@hono/zod-openapi', the one zod of the API schemas",
            },
          ],
        },
      ],
    },
  },
  {
    // Everything in the server holds the same Db; only client.ts talks to better-sqlite3 itself,
    // and backup.ts, which copies the database file as a whole.
    files: ['server/**/*.ts', 'server/**/*.tsx'],
    plugins: { house: { rules: { 'no-folder-tie': noFolderTie } } },
    rules: { 'house/no-folder-tie': 'error' },
  },
  {
    files: ['server/**/*.ts', 'server/**/*.tsx'],
    ignores: ['server/db/client.ts', 'server/backup/backup.ts'],
    rules: {
      'no-restricted-syntax': ['error', SQLITE_ONLY_CALL],
      // A family's store is its own: others go through its service, so a store's queries can
      // change with its family alone. Types may cross; labels are a building block of three
      // families' stores (docs/development.md).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.store.js', '!../labels/labels.store.js'],
              allowTypeImports: true,
              message:
                "another family's store: import what you need from its service (docs/development.md)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.service.ts'],
    rules: { 'no-restricted-syntax': ['error', SQLITE_ONLY_CALL, SERVICE_TAKES_CTX] },
  }
)
