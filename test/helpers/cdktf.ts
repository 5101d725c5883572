/**
 * The real CDKTF command line for the tests: cdktf-cli 0.21.0 or CDK Terrain's cdktn-cli 0.24.0,
 * installed and cached by test/setup/install-cdktf.sh, run against an app in a temp directory the
 * way a user runs it (cdktf.json, `npx tsx main.ts`, cdktf.out/ and the local state file in the
 * app's directory), with terraform or tofu as TERRAFORM_BINARY_NAME.
 * @module
 */
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { REPO } from './server.js'
import { tempDir } from './temp-dirs.js'

export type Flavour = 'cdktf' | 'cdktn'

/** What an app's package.json needs per flavour: the core library, and constructs as it requires. */
export const CORE: Record<Flavour, { library: string; constructs: string }> = {
  cdktf: { library: 'cdktf@0.21.0', constructs: 'constructs@10.4.2' },
  // cdktn 0.24 wants constructs >=10.6.0 <10.8.0.
  cdktn: { library: 'cdktn@0.24.0', constructs: 'constructs@10.6.0' },
}

const clis = new Map<string, string>()

/** The CLI's path, installed on first use (minutes once, then cached under ~/.cache/nodeplane). */
export function cdktfCli(flavour: Flavour): string {
  if (!clis.has(flavour)) {
    const out = execFileSync('bash', [join(REPO, 'test/setup/install-cdktf.sh'), flavour], {
      encoding: 'utf8',
    })
    clis.set(flavour, out.trim().split('\n').at(-1)!)
  }
  return clis.get(flavour)!
}

/** The real tofu (not $NODEPLANE_TOFU, which is terraform in the suite's terraform pass). */
export function tofuPath(): string {
  const out = execFileSync('bash', [join(REPO, 'test/setup/install-tofu.sh')], { encoding: 'utf8' })
  return out.trim().split('\n').at(-1)!
}

export function terraformPath(): string | undefined {
  try {
    return (
      execFileSync('sh', ['-c', 'command -v terraform'], { encoding: 'utf8' }).trim() || undefined
    )
  } catch {
    return undefined
  }
}

export interface Run {
  code: number
  /** stdout and stderr together, without colours. */
  output: string
}

let pluginCache: string | undefined
let scratch: string | undefined

/**
 * Runs one CLI command in `dir` in a process group of its own, and ends the whole group
 * (the CLI, terraform, the app, the provider) should it outlive `timeoutMs`.
 */
export function runCdktf(
  cli: string,
  dir: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 300_000
): Promise<Run> {
  // The CLI points terraform at ~/.terraform.d/plugin-cache unless told otherwise, and a cached
  // nodeplane 0.1.0 from another build of this checkout then fails `init` ("does not match the
  // content of the downloaded package"). Each test file gets a cache of its own, and a temp
  // directory of its own for the `cdktf.outdir.*` folders the CLI leaves in $TMPDIR.
  pluginCache ??= tempDir('nodeplane-plugin-cache-')
  scratch ??= tempDir('nodeplane-cdktf-tmp-')
  const child = spawn(cli, args, {
    cwd: dir,
    detached: true,
    env: {
      ...process.env,
      CI: '1',
      CHECKPOINT_DISABLE: '1',
      FORCE_COLOR: '0',
      NO_COLOR: '1',
      TF_PLUGIN_CACHE_DIR: pluginCache,
      TMPDIR: scratch,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => (output += chunk.toString())
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  const timer = setTimeout(killGroup, timeoutMs)
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer)
      killGroup() // a provider or app left behind by the CLI goes with it
      resolve({ code: code ?? -1, output: output.replace(/\x1b\[[0-9;]*m/g, '') })
    })
  )
}

/** `npm install` of `packages` into the app in `dir`, exactly as a user would (from the registry, via npm's cache). */
export function npmInstall(dir: string, packages: string[]): void {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', ...packages], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
}

const tsx = () =>
  `tsx@${JSON.parse(readFileSync(join(REPO, 'node_modules/tsx/package.json'), 'utf8')).version}`

/** cdktf.json as `cdktf init` writes it for TypeScript, with `providers` to generate bindings for. */
function cdktfJson(projectId: string, providers: string[]): string {
  const config = {
    language: 'typescript',
    app: 'npx tsx main.ts',
    projectId,
    sendCrashReports: 'false',
    terraformProviders: providers,
    terraformModules: [],
    context: {},
  }
  return `${JSON.stringify(config, null, 2)}\n`
}

/**
 * A fresh app outside the repository: one VPC and two nodes, their IPv4 addresses as an output,
 * importing the core library as `core` and the bindings from `bindings`.
 */
export function freshApp(options: {
  name: string
  core: string
  bindings: string
  providers?: string[]
}): string {
  const dir = tempDir(`nodeplane-${options.name}-`)
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: options.name, private: true, type: 'module' }, null, 2)}\n`
  )
  writeFileSync(join(dir, 'cdktf.json'), cdktfJson(options.name, options.providers ?? []))
  writeFileSync(
    join(dir, 'main.ts'),
    `import { App, TerraformOutput, TerraformStack } from '${options.core}'
import type { Construct } from 'constructs'
import { node, provider, vpc } from '${options.bindings}'

class Fleet extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id)
    new provider.NodeplaneProvider(this, 'nodeplane', {})
    const network = new vpc.Vpc(this, 'vpc', { name: '${options.name}', region: 'eu-central-1' })
    const nodes = [0, 1].map((i) => new node.Node(this, \`web-\${i}\`, { name: \`${options.name}-\${i}\`, vpcId: network.id }))
    new TerraformOutput(this, 'ipv4', { value: nodes.map((n) => n.ipAddress) })
  }
}

const app = new App()
new Fleet(app, 'fleet')
app.synth()
`
  )
  return dir
}

/** Installs what a fresh app needs from npm: the core library, constructs, tsx and `extra`. */
export function installApp(dir: string, flavour: Flavour, extra: string[] = []): void {
  npmInstall(dir, [CORE[flavour].library, CORE[flavour].constructs, tsx(), ...extra])
}

/**
 * A CDKTF example copied into a temp dir with `provider/` and `node_modules/` linked next to it,
 * so its import of ../../provider/cdktf resolves and its state and cdktf.out/ stay out of the
 * repository.
 */
export function exampleApp(example: string): string {
  const root = tempDir(`nodeplane-${example}-`)
  const dir = join(root, 'examples', example)
  cpSync(join(REPO, 'examples', example), dir, {
    recursive: true,
    filter: (src) => !src.includes('cdktf.out'),
  })
  symlinkSync(join(REPO, 'provider'), join(root, 'provider'))
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'))
  return dir
}

/** Every file under `dir`, by its path relative to `dir`, with its text. */
export function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files[relative(dir, path)] = readFileSync(path, 'utf8')
  }
  return files
}
