/**
 * `nodeplane images`: the node image, built for podman here or for an Incus cluster.
 * @module
 */
import type { Command } from 'commander'
import { loadConfig } from '../config.js'
import { ensureIncusImage, incusClientOf } from '../provisioning/incus/incus-config.js'
import { humanBytes, humanTime } from '../lib/human.js'
import { textTable } from '../lib/text-table.js'
import {
  buildImage,
  imageExists,
  imageTag,
  listImages,
  type PodmanImage,
} from '../provisioning/podman/image.js'
import { dataOption, withRuntime } from './with-runtime.js'

export function imagesCommand(program: Command): void {
  const images = program
    .command('images')
    .description(
      'manage the node image of the podman driver (or, with NODEPLANE_DRIVER=incus, of the cluster)'
    )
  images
    .command('build')
    .description(
      'build the Debian node image from Debian packages and import it into podman (as root, about a minute)'
    )
    .option('--if-missing', 'do nothing when the current image exists')
    .addOption(dataOption())
    .action(build)
  images
    .command('list')
    .description('list node images in podman, marking the one this nodeplane uses')
    .action(async () => {
      const current = imageTag()
      const images = await listImages()
      if (images.length === 0)
        process.stderr.write(`No node image; run \`nodeplane images build\` (builds ${current}).\n`)
      else process.stdout.write(textTable(imageRows(images, current, Date.now())))
    })
}

/** The rows `images list` prints: sizes and times for a person, the image in use marked. */
export function imageRows(images: PodmanImage[], current: string, now: number) {
  return images.map((image) => ({
    tag: image.tag,
    id: image.id,
    created: humanTime(image.created, now),
    size: humanBytes(image.size),
    current: image.tag === current ? 'yes' : '',
  }))
}

async function build(options: { ifMissing?: boolean; data?: string }) {
  const config = loadConfig(process.env)
  if (config.driver === 'incus') {
    // Incus keeps images in the cluster: built once here, imported there. The data directory
    // holds nodeplane's client certificate for https members.
    return withRuntime(options, (rt) =>
      ensureIncusImage(incusClientOf(rt), rt.config, (line) => process.stderr.write(`${line}\n`))
    )
  }
  const tag = imageTag()
  if (options.ifMissing && (await imageExists(tag))) {
    process.stderr.write(`${tag} exists.\n`)
    return
  }
  const started = Date.now()
  await buildImage(process.stderr)
  process.stderr.write(`Built ${tag} in ${Math.round((Date.now() - started) / 1000)} s.\n`)
}
