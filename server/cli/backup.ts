/**
 * `nodeplane backup` and `nodeplane restore`: the database copied out and put back
 * (server/backup/backup.ts).
 * @module
 */
import type { Command } from 'commander'
import { backup, restore, type CopyReport } from '../backup/backup.js'
import { loadConfig } from '../config.js'
import { dataOption } from './with-runtime.js'

export function backupCommands(program: Command): void {
  program
    .command('backup')
    .description(
      'copy the database while the server runs (SQLite: VACUUM INTO; PostgreSQL: pg_dump); the copy holds no key'
    )
    .addOption(dataOption())
    .requiredOption('--out <file>', 'where to write the copy (a new file)')
    .action(async (options: { data?: string; out: string }) => {
      const report = await backup(loadConfig(process.env, { dataDir: options.data }), options.out)
      printCopy('Backed up to', report)
    })
  program
    .command('restore <file>')
    .description(
      'put a backup back in place of the database (the server must be stopped; SQLite keeps the replaced file beside it)'
    )
    .addOption(dataOption())
    .action(async (file: string, options: { data?: string }) => {
      const report = await restore(loadConfig(process.env, { dataDir: options.data }), file)
      printCopy('Restored into', report)
    })
}

function printCopy(what: string, report: CopyReport): void {
  const rows = report.rows
    ? Object.entries(report.rows)
        .filter(([table]) => !table.startsWith('__'))
        .map(([table, count]) => `  ${table}: ${count}\n`)
        .join('')
    : ''
  process.stderr.write(`${what} ${report.file} (${report.bytes} bytes)\n${rows}`)
}
