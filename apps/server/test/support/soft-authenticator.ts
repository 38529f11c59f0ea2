import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** WebAuthn authenticator data flags: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software passkey (one ES256 key) that answers WebAuthn ceremonies the way a browser and an
 * authenticator do, so the API tests drive registration and sign-in over real HTTP. The CBOR is
 * written with the server library's own encoder; `verified: false` answers as an authenticator
 * that did not verify the user.
 */
export function softAuthenticator(origin: string, options: { verified?: boolean } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const rpId = new URL(origin).hostname;
  const flags = UP | (options.verified === false ? 0 : UV);
  let counter = 0;

  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };

  return {
    credentialId: b64url(credentialId),
    register(creationOptions: { challenge: string }) {
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags | AT]),
        counterBytes(),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestation = new Map<string, string | Uint8Array | Map<string, never>>();
      attestation.set('fmt', 'none');
      attestation.set('attStmt', new Map<string, never>());
      attestation.set('authData', authData);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', creationOptions.challenge)),
          attestationObject: b64url(isoCBOR.encode(attestation)),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    signIn(requestOptions: { challenge: string }, userHandle: string) {
      counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes()]);
      const data = clientData('webauthn.get', requestOptions.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: b64url(Buffer.from(userHandle)),
        },
        clientExtensionResults: {},
      };
    },
  };
}
