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
 * Start generating the key right away, on libuv's thread pool. An ECDSA P-256 key takes well
 * under a millisecond where RSA-2048 took about 230 ms, the largest single cost of a plugin
 * start (go-plugin's own AutoMTLS uses ECDSA too, P-521).
 */
export function startKeyGeneration(): Promise<{ publicKey: KeyObject; privateKey: KeyObject }> {
  return promisify(generateKeyPair)('ec', { namedCurve: 'P-256' })
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

const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2'
const { asn1 } = forge

/** An AlgorithmIdentifier with no parameters, as RFC 5758 requires for ECDSA. */
const ecdsaWithSha256 = () =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(
      asn1.Class.UNIVERSAL,
      asn1.Type.OID,
      false,
      asn1.oidToDer(ECDSA_WITH_SHA256).getBytes()
    ),
  ])

/**
 * forge's certificate model holds only RSA keys. It is given a stand-in RSA key so that it
 * encodes everything else (names, validity, extensions); the stand-in's SubjectPublicKeyInfo
 * and signature algorithm are then replaced by the EC key's (exported by Node, DER) and
 * ecdsa-with-SHA256, and Node signs the result.
 */
const STAND_IN_KEY = forge.pki.setRsaPublicKey(
  new forge.jsbn.BigInteger('3'),
  new forge.jsbn.BigInteger('65537')
)

/** Build the self-signed server certificate for a generated EC key pair. */
export function selfSignedCertificate(
  keys: { publicKey: KeyObject; privateKey: KeyObject },
  serial: string = certificateSerial()
): ServerCertificate {
  const cert = forge.pki.createCertificate()
  cert.publicKey = STAND_IN_KEY
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
    { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] },
  ])
  cert.siginfo.algorithmOid = forge.pki.oids.sha256WithRSAEncryption!
  // TBSCertificate: version, serial, signature algorithm, issuer, validity, subject, key, extensions.
  // getTBSCertificate is in forge's API but not in its type definitions.
  const tbs = (
    forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 }
  ).getTBSCertificate(cert)
  const fields = tbs.value as forge.asn1.Asn1[]
  const spki = keys.publicKey.export({ type: 'spki', format: 'der' })
  fields[2] = ecdsaWithSha256()
  fields[6] = asn1.fromDer(spki.toString('binary'))
  const tbsDer = Buffer.from(asn1.toDer(tbs).getBytes(), 'binary')
  const signature = sign('sha256', tbsDer, keys.privateKey)
  const certificate = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    tbs,
    ecdsaWithSha256(),
    asn1.create(
      asn1.Class.UNIVERSAL,
      asn1.Type.BITSTRING,
      false,
      `\x00${signature.toString('binary')}`
    ),
  ])
  const der = Buffer.from(asn1.toDer(certificate).getBytes(), 'binary')
  return {
    certPem: forge.pem.encode({ type: 'CERTIFICATE', body: der.toString('binary') }),
    keyPem: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    der,
  }
}

/** The certificate in go-plugin's handshake encoding: base64.RawStdEncoding (no padding). */
export function handshakeCert(der: Buffer): string {
  return der.toString('base64').replace(/=+$/, '')
}
