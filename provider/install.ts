/**
 * install.sh from TypeScript, for the scripts and tests that need this checkout's provider
 * installed for tofu.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const SCRIPT = fileURLToPath(new URL('./install.sh', import.meta.url))

/** Runs `provider/install.sh` with `args` and returns the CLI config file it wrote. */
export function installProvider(args: string[] = []): string {
  const out = execFileSync(SCRIPT, args, { encoding: 'utf8' })
  // The script's last line is `TF_CLI_CONFIG_FILE=<path>`.
  return out
    .trim()
    .split('\n')
    .at(-1)!
    .replace(/^TF_CLI_CONFIG_FILE=/, '')
}
