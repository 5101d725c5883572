/**
 * go-plugin AutoMTLS, server side: a fresh self-signed certificate per process, shaped like
 * go-plugin's own `generateCert` (mtls.go), which the client then trusts as its only root CA.
 * @module
 */
import { generateKeyPair, randomBytes, sign, type KeyObject } from 'node:crypto'
import { promisify } from 'node:util'
import forge from 'node-forge'

/** A server certificate and key, in the forms grpc-js and the handshake line need. */
export interface ServerCertificate {
  certPem: string
  keyPem: string
  /** DER bytes, sent base64 (no padding) as the handshake line's last field. */
  der: Buffer
}

const VALIDITY_HOURS = 262980 // go-plugin's choice: about 30 years; the cert dies with the process.

/**
 * Start generating the key right away: RSA key generation runs on libuv's thread pool, so it
 * overlaps with loading gRPC and parsing the protos instead of adding to start-up time.
 * (node-forge only builds RSA certificates; it is also far lighter to load than the ECDSA-capable
 * x509 libraries, and the signature itself is made by Node's native crypto.)
 */
export function startKeyGeneration(): Promise<{ publicKey: KeyObject; privateKey: KeyObject }> {
  return promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
}

/**
 * A positive serial from 16 random bytes (go-plugin draws 128 bits), as hex for forge. DER
 * wants an INTEGER's shortest form: a leading zero byte is only allowed before a byte with the
 * high bit set. forge writes the hex as given, so a serial starting 00 0x made OpenSSL refuse
 * the certificate ("illegal padding") and the plugin die at start, once in about 500 starts.
 * Keeping the first byte in 1..127 makes every serial positive and minimal as it stands.
 */
export function certificateSerial(random: Buffer = randomBytes(16)): string {
  const bytes = Buffer.from(random)
  bytes[0] = bytes[0]! & 0x7f || 0x01
  return bytes.toString('hex')
}

/** Build the self-signed server certificate for a generated key pair. */
export function selfSignedCertificate(
  keys: { publicKey: KeyObject; privateKey: KeyObject },
  serial: string = certificateSerial()
): ServerCertificate {
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(
    keys.publicKey.export({ type: 'spki', format: 'pem' }).toString()
  )
  cert.serialNumber = serial
  // Backdated like go-plugin's, so small clock differences never make it "not yet valid".
  cert.validity.notBefore = new Date(Date.now() - 30_000)
  cert.validity.notAfter = new Date(Date.now() + VALIDITY_HOURS * 3600_000)
  const name = [
    { name: 'commonName', value: 'localhost' },
    { name: 'organizationName', value: 'HashiCorp' },
  ]
  cert.setSubject(name)
  cert.setIssuer(name)
  // The client verifies against this very certificate as root CA for name "localhost", so it
  // must be a CA, allow certSign, carry serverAuth, and list localhost as a DNS name.
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    {
      name: 'keyUsage',
      digitalSignature: true,
      keyEncipherment: true,
      keyCertSign: true,
      critical: true,
    },
    { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] },
  ])
  // forge computes the TBS bytes; Node's native RSA signs them (forge's JS RSA takes ~200 ms).
  const nativeSigner = {
    sign: () => {
      const tbs = Buffer.from(forge.asn1.toDer(cert.tbsCertificate).getBytes(), 'binary')
      return sign('sha256', tbs, keys.privateKey).toString('binary')
    },
  }
  cert.sign(nativeSigner as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create())
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary')
  return {
    certPem: forge.pki.certificateToPem(cert),
    keyPem: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    der,
  }
}

/** The certificate in go-plugin's handshake encoding: base64.RawStdEncoding (no padding). */
export function handshakeCert(der: Buffer): string {
  return der.toString('base64').replace(/=+$/, '')
}
