/**
 * What the one-shot commands share: the `--data` option, and opening the data directory
 * around a command.
 * @module
 */
import { Option } from 'commander'
import { loadConfig, type Config } from '../config.js'
import { openRuntime, printAdminPassword, type Runtime } from '../runtime.js'
import { dataDirNamed, requireDataDir } from './data-dir.js'

export const dataOption = () =>
  new Option('--data <dir>', 'data directory (default ./data, or NODEPLANE_DATA_DIR)')

/** Opens the data directory for a one-shot command, runs it, and closes it. */
export async function withRuntime(
  options: { data?: string },
  run: (rt: Runtime) => void | Promise<void>,
  overrides: Partial<Record<keyof Config, unknown>> = {}
) {
  const config = loadConfig(process.env, { dataDir: options.data, logLevel: 'warn', ...overrides })
  requireDataDir(config, dataDirNamed(options))
  const rt = await openRuntime(config)
  try {
    if (rt.adminPassword) printAdminPassword(rt.adminPassword)
    await run(rt)
  } finally {
    await rt.close()
  }
}
