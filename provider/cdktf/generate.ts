/**
 * Regenerates the CDKTF bindings in provider/cdktf/gen from the provider's own schema, as
 * `tofu providers schema -json` reports it for the real plugin: `npm run gen:cdktf`.
 * `schemaJson()` is shared with the drift test.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateProviderBindingsFromSchema } from '@cdktf/provider-generator'
import { installProvider } from '../install.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const GEN_DIR = join(ROOT, 'provider/cdktf/gen')

/** The provider schema as tofu sees it, with this checkout's provider installed for it. */
export function schemaJson(tofu = process.env.NODEPLANE_TOFU ?? 'tofu'): string {
  const cliConfig = installProvider()
  const dir = mkdtempSync(join(tmpdir(), 'nodeplane-schema-'))
  try {
    writeFileSync(
      join(dir, 'main.tf'),
      'terraform {\n  required_providers {\n    nodeplane = { source = "nodeplane/nodeplane" }\n  }\n}\n'
    )
    const json = execFileSync(tofu, ['providers', 'schema', '-json'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, TF_CLI_CONFIG_FILE: cliConfig },
    })
    // terraform names the provider after registry.terraform.io, tofu after registry.opentofu.org:
    // the bindings are the same either way, so they are generated under tofu's name.
    return json.replace('"registry.terraform.io/nodeplane/nodeplane"', '"registry.opentofu.org/nodeplane/nodeplane"')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Writes the bindings for a schema into `target`. */
export async function generate(schema: string, target = GEN_DIR): Promise<void> {
  rmSync(target, { recursive: true, force: true })
  await generateProviderBindingsFromSchema(target, JSON.parse(schema))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await generate(schemaJson())
  console.log(`wrote CDKTF bindings to ${GEN_DIR}`)
}
