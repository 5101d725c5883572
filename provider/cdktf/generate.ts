/**
 * Regenerates the CDKTF bindings in provider/cdktf/gen from the provider's own schema, as
 * `tofu providers schema -json` reports it for the real plugin: `npm run gen:cdktf`. They come
 * out as `cdktf get` writes them for `nodeplane/nodeplane@~> MAJOR.MINOR`: every construct
 * carries the provider's version and that constraint, so a synthesized stack pins
 * `required_providers.nodeplane.version` (which `cdktf deploy` requires), and versions.json and
 * constraints.json sit next to providers/. `schemaJson()` is shared with the drift test.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  ConstructsMakerProviderTarget,
  DISPLAY_VERSION,
  LANGUAGES,
  TerraformProviderConstraint,
} from '@cdktf/commons'
import { CodeMaker, TerraformProviderGenerator } from '@cdktf/provider-generator'
import { installProvider } from '../install.js'
import { VERSION } from '../release/build.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const GEN_DIR = join(ROOT, 'provider/cdktf/gen')
/** The provider's full name as terraform reports it, under which `cdktf get` generates bindings. */
const FQPN = 'registry.terraform.io/nodeplane/nodeplane'

/** What `cdktf provider add` would put in cdktf.json: this minor release line of the provider. */
export function versionConstraint(version = VERSION): string {
  const [major, minor] = version.split('.')
  return `~> ${major}.${minor}`
}

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
    // tofu names the provider after registry.opentofu.org, terraform after registry.terraform.io:
    // the generator only matches `nodeplane/nodeplane` against terraform's name, as `cdktf get` does.
    return json.replace(`"registry.opentofu.org/nodeplane/nodeplane"`, `"${FQPN}"`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Writes the bindings for a schema into `target`, for provider `version`, the way `cdktf get`
 * does: the schema as `terraform version -json` would complete it with the installed version,
 * and the provider asked for with its constraint.
 */
export async function generate(schema: string, target = GEN_DIR, version = VERSION): Promise<void> {
  rmSync(target, { recursive: true, force: true })
  const constraint = new TerraformProviderConstraint(
    `nodeplane/nodeplane@${versionConstraint(version)}`
  )
  const code = new CodeMaker()
  const generator = new TerraformProviderGenerator(code, {
    ...JSON.parse(schema),
    provider_versions: { [FQPN]: version },
  })
  generator.generate(
    ConstructsMakerProviderTarget.from(constraint, LANGUAGES[0]!) as ConstructsMakerProviderTarget
  )
  await code.save(target)
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
  writeFileSync(join(target, 'versions.json'), json({ [FQPN]: version }))
  writeFileSync(
    join(target, 'constraints.json'),
    json({ cdktf: DISPLAY_VERSION, providers: { nodeplane: constraint.version } })
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await generate(schemaJson())
  console.log(`wrote CDKTF bindings to ${GEN_DIR}`)
}
