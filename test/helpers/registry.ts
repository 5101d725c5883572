/**
 * A working directory whose configuration takes the provider from a nodeplane server's own
 * registry (`<host>/nodeplane/nodeplane`, test/provider/testdata/registry-node.tf) over HTTPS,
 * with no CLI configuration, as a user's would: the checkout's server in registry.test.ts,
 * the installed package's in package.test.ts.
 * @module
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TestTls } from './tls.js'
import { collect, tempDir, TESTDATA, type TofuResult } from './tofu.js'

/** Where the registry serves nodeplane/nodeplane (`providers.v1` and the provider's address). */
export const PROVIDER_PATH = '/v1/providers/nodeplane/nodeplane'

/** The archive a download answer links to, fetched: its sha256, and the SHA256SUMS linked too. */
export async function fetchDownload(download: { download_url: string; shasums_url: string }) {
  const archive = Buffer.from(await (await fetch(download.download_url)).arrayBuffer())
  const sums = await (await fetch(download.shasums_url)).text()
  return { sha256: createHash('sha256').update(archive).digest('hex'), sums }
}

/** Runs `tofu` or `terraform` (`binary`) in the directory: `init`, `apply`, ... */
export type RegistryRun = (binary: string, args: string[]) => Promise<TofuResult & { dir: string }>

/** A working dir using the provider from the server at `at` (`localhost:<port>`). */
export function registryWorkdir(options: { at: string; tls: TestTls; key: string }): RegistryRun {
  const { at, tls, key } = options
  const dir = tempDir('nodeplane-registry-')
  const config = readFileSync(join(TESTDATA, 'registry-node.tf'), 'utf8')
  writeFileSync(join(dir, 'main.tf'), config.replace('"SERVER/', `"${at}/`))
  const noCliConfig = join(dir, 'empty.tfrc')
  writeFileSync(noCliConfig, '')
  const env = {
    ...process.env,
    // Terraform trusts the test CA through Go's SSL_CERT_FILE, the provider through Node's.
    SSL_CERT_FILE: tls.ca,
    NODE_EXTRA_CA_CERTS: tls.ca,
    TF_CLI_CONFIG_FILE: noCliConfig,
    TF_VAR_endpoint: `https://${at}`,
    TF_VAR_api_key: key,
    TF_VAR_name: 'from-the-registry',
    TF_IN_AUTOMATION: '1',
    CHECKPOINT_DISABLE: '1',
  }
  return (binary, args) =>
    collect(spawn(binary, [...args, '-no-color'], { cwd: dir, env })).then((r) => ({
      ...r,
      dir,
    }))
}

/**
 * Waits until the registry serves the release its server builds at start: `versions` answers
 * 503 `provider_release_unavailable` while the build runs (a minute or more the first time on
 * a machine, a copy from ~/.cache/nodeplane/provider-exe after), and 200 once it is in place.
 * Anything else, such as a failed build, ends the wait with that answer.
 */
export async function releaseReady<T extends { status: number; text: string }>(
  versions: () => Promise<T>,
  timeoutMs = 600_000
): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const reply = await versions()
    const building = reply.status === 503 && reply.text.includes('is building the provider release')
    if (!building || Date.now() > deadline) return reply
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * A release directory the registry can list and answer downloads from, for tests of the
 * registry's HTTP side: its one archive (linux_amd64) is not a real one.
 */
export function fakeRelease(version: string): string {
  const dir = tempDir('nodeplane-fake-release-')
  const archive = `terraform-provider-nodeplane_${version}_linux_amd64.zip`
  writeFileSync(join(dir, archive), 'not a zip')
  writeFileSync(
    join(dir, `terraform-provider-nodeplane_${version}_SHA256SUMS`),
    `${'0'.repeat(64)}  ${archive}\n`
  )
  return dir
}
