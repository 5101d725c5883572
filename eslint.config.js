// @ts-check
/**
 * Lint for the TypeScript that the root tsconfig.json compiles: typescript-eslint's type-aware
 * rules, promises above all (a query or transaction nobody awaits fails silently, and on
 * PostgreSQL out of order), and the house rules that used to be comments.
 * `npm run lint`; test/run-all.sh runs it beside the typecheck.
 */
import tseslint from 'typescript-eslint'

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
