/**
 * `nodeplane incus certificate`: nodeplane's client certificate, for the cluster to trust.
 * @module
 */
import type { Command } from 'commander'
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/client.js'
import { systemClock } from '../lib/clock.js'
import { loadSecrets } from '../lib/secrets.js'
import { incusClientCertificate } from '../provisioning/incus/client-certificate.js'
import { dataDirNamed, requireDataDir } from './data-dir.js'
import { dataOption } from './with-runtime.js'

export function incusCommand(program: Command): void {
  program
    .command('incus')
    .description('nodeplane on an Incus cluster (NODEPLANE_DRIVER=incus)')
    .command('certificate')
    .description(
      "print nodeplane's Incus client certificate (PEM), making it on first use, for `incus config trust add-certificate`"
    )
    .addOption(dataOption())
    .action(printCertificate)
}

async function printCertificate(options: { data?: string }): Promise<void> {
  // The database and the secret key only: the certificate is printed before the cluster
  // (or NODEPLANE_INCUS_SERVER_CERT) is set up, so no driver is built.
  const config = loadConfig(process.env, { dataDir: options.data, logLevel: 'warn' })
  requireDataDir(config, dataDirNamed(options))
  const { db, close } = await openDatabase(config)
  try {
    const secrets = loadSecrets(config.dataDir, config.secretKey)
    const { cert } = await incusClientCertificate({ db, secrets, clock: systemClock })
    process.stderr.write(
      'Trust it on the cluster: save it to a file, then `incus config trust add-certificate FILE --name nodeplane`\n' +
        "(not restricted to a project: nodeplane's VPC networks are bridges of the default project). The key stays sealed in the database.\n"
    )
    process.stdout.write(cert)
  } finally {
    await close()
  }
}
