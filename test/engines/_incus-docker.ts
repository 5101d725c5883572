/**
 * A test image for the incus suites: nodeplane's node image with Docker on top. The product's
 * image stays lean; tests that need a container runtime inside a node build this one once
 * (cached under ~/.cache/nodeplane/incus-image/<alias>/, as the node image is) and import it
 * into the test cluster unless it is there already.
 * @module
 */
import { createIncusClient, parseEndpoints } from '../../server/provisioning/incus/incus-client.js'
import {
  buildIncusImageTarball,
  imageImported,
  importIncusImage,
  recipeHash,
} from '../../server/provisioning/incus/image.js'
import { imageSuite } from '../../server/provisioning/podman/image.js'
import { INCUS_PROJECT, INCUS_URL } from './_incus.js'

/** Docker from Debian, and a static busybox to make a tiny image from inside the node. */
export const DOCKER_PACKAGES = ['docker.io', 'busybox-static']

/** `nodeplane-node-test-docker-<suite>-<hash of the recipe and the packages>`. */
export function dockerImageAlias(): string {
  return `nodeplane-node-test-docker-${imageSuite()}-${recipeHash(DOCKER_PACKAGES)}`
}

/** Builds (once, cached) and imports the Docker test image; returns its alias. */
export async function ensureDockerImage(): Promise<string> {
  const alias = dockerImageAlias()
  const client = createIncusClient(parseEndpoints(INCUS_URL!.split(',')), INCUS_PROJECT)
  if (await imageImported(client, alias)) return alias
  const file = await buildIncusImageTarball(alias, DOCKER_PACKAGES)
  await importIncusImage(client, file, alias)
  return alias
}
