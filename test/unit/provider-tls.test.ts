import { X509Certificate } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  certificateSerial,
  selfSignedCertificate,
  startKeyGeneration,
} from '../../provider/protocol/tls.js'

describe('provider AutoMTLS certificate', () => {
  it('is accepted by OpenSSL whatever random bytes its serial starts with', async () => {
    const keys = await startKeyGeneration()
    const starts = [[0x00, 0x12], [0x00, 0x00], [0x00, 0x80], [0x01], [0x7f], [0x80], [0xff, 0xff]]
    for (const start of starts) {
      const random = Buffer.alloc(16, 0xab)
      Buffer.from(start).copy(random)
      const serial = certificateSerial(random)
      const cert = new X509Certificate(selfSignedCertificate(keys, serial).certPem)
      // Positive and 16 bytes, like go-plugin's 128-bit serials.
      expect(
        cert.serialNumber.toLowerCase(),
        `random bytes starting ${Buffer.from(start).toString('hex')}`
      ).toBe(serial)
      expect(serial).toMatch(/^(0[1-9a-f]|[1-7][0-9a-f])[0-9a-f]{30}$/)
    }
  })

  it('is an ECDSA P-256 CA for localhost, signed by its own key, as go-plugin clients expect', async () => {
    const keys = await startKeyGeneration()
    const made = selfSignedCertificate(keys)
    const cert = new X509Certificate(made.certPem)
    expect(cert.publicKey.asymmetricKeyType).toBe('ec')
    expect(cert.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1')
    expect(cert.publicKey.equals(keys.publicKey)).toBe(true)
    // Self-signed: verifies with its own public key; a CA (it is the client's only root).
    expect(cert.verify(keys.publicKey)).toBe(true)
    expect(cert.ca).toBe(true)
    expect(cert.checkHost('localhost')).toBe('localhost')
    expect(cert.raw.equals(made.der)).toBe(true)
  })
})
