/**
 * OpenPGP for the provider registry: the detached signature of a release's SHA256SUMS that
 * `terraform init` and `tofu init` check against the key the download answer publishes.
 * Shared by the server (its own key) and `npm run release:provider -- --signing-key FILE`
 * (a publisher's key, for the public registries).
 * @module
 */
import * as openpgp from 'openpgp'

/** A public key as the registry protocol's `signing_keys.gpg_public_keys[]` carries it. */
export interface PublicSigningKey {
  key_id: string
  ascii_armor: string
}

/**
 * A new armored private key, unprotected (the server seals it in its database). EdDSA on
 * ed25519 in the v4 format: the one that Terraform's and OpenTofu's OpenPGP library
 * (ProtonMail/go-crypto) and GnuPG all verify.
 */
export async function generateSigningKey(name: string): Promise<string> {
  const { privateKey } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'ed25519Legacy',
    userIDs: [{ name }],
    format: 'armored',
  })
  return privateKey
}

/** Reads an armored private key, unlocking it with `passphrase` when it is protected. */
export async function readSigningKey(
  armored: string,
  passphrase?: string
): Promise<openpgp.PrivateKey> {
  const key = await openpgp.readPrivateKey({ armoredKey: armored })
  if (key.isDecrypted()) return key
  if (passphrase === undefined) throw new Error('the signing key is protected: give its passphrase')
  return openpgp.decryptKey({ privateKey: key, passphrase })
}

/** The public half, with its long key ID in the upper-case hex the registries show. */
export function publicSigningKey(key: openpgp.PrivateKey): PublicSigningKey {
  return {
    key_id: key.getKeyID().toHex().toUpperCase(),
    ascii_armor: key.toPublic().armor(),
  }
}

/** A detached binary signature of `data`, the form of a release's `_SHA256SUMS.sig`. */
export async function detachedSignature(
  key: openpgp.PrivateKey,
  data: Uint8Array
): Promise<Uint8Array> {
  const message = await openpgp.createMessage({ binary: data })
  return openpgp.sign({ message, signingKeys: key, detached: true, format: 'binary' })
}
