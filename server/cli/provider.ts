/**
 * `nodeplane provider`: the Terraform / OpenTofu provider's release, built (for the registry
 * this server serves) or installed into a local filesystem mirror (from a checkout).
 * @module
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { ConfigError } from '../config.js'

export function providerCommand(program: Command): void {
  const provider = program.command('provider').description('the Terraform / OpenTofu provider')
  provider
    .command('install')
    .description(
      'install the provider release into a local filesystem mirror and print the CLI configuration that uses it'
    )
    .option(
      '--mirror <dir>',
      'mirror directory (default ${XDG_DATA_HOME:-~/.local/share}/nodeplane/provider-mirror)'
    )
    .option(
      '--from <dir>',
      'a directory holding the release archives and SHA256SUMS (default: build them from this checkout when needed)'
    )
    .action(install)
  provider
    .command('build')
    .description(
      "build this version's provider release into DIR/<version> unless it is there; prints that directory"
    )
    .argument('<dir>', 'parent directory of the versioned release')
    .action(async (dir: string) => {
      // Loaded here: the release steps are for this command only. The installed package carries
      // them bundled at the same path under dist/ (provider/release/pack.ts).
      const { versionedRelease } = await import('../../provider/release/versioned.js')
      console.log(await versionedRelease(resolve(dir)))
    })
}

async function install(options: { mirror?: string; from?: string }): Promise<void> {
  // Loaded here: the release tooling (esbuild, yazl) is for this command only.
  const { installRelease } = await import('../../provider/release/install.js').catch(
    (err: unknown) => {
      // The installed package (npm pack) carries what builds the registry's release, not the
      // mirror installer: its users take the provider from the server's registry.
      if ((err as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw err
      throw new ConfigError(
        'an installed package serves the provider from its own registry (`source = "<server host>/nodeplane/nodeplane"`, docs/terraform.md); for a filesystem mirror, run `nodeplane provider install` in a checkout of nodeplane (docs/operations.md)'
      )
    }
  )
  const installed = await installRelease({
    mirrorDir: options.mirror && resolve(options.mirror),
    releaseDir: options.from && resolve(options.from),
    onBuild: () =>
      process.stderr.write('Building the provider release (about a minute the first time)...\n'),
  })
  process.stderr.write(
    `Installed nodeplane/nodeplane into ${installed.mirrorDir}.\n` +
      `Use it with \`export TF_CLI_CONFIG_FILE=${installed.configFile}\` (the last line below), then \`terraform init\` or \`tofu init\`:\n\n` +
      `${readFileSync(installed.configFile, 'utf8')}\n`
  )
  console.log(`TF_CLI_CONFIG_FILE=${installed.configFile}`)
}
