/**
 * Client side of credential encryption (architecture: RSA-OAEP-256 + A256GCM), with WebCrypto so the
 * browser and Node tests share it. Returns the `Encryption` header and the `{data}` body.
 */
export async function encryptCredentials(
  publicKeyPem: string,
  payload: unknown,
): Promise<{ header: string; body: { data: string } }> {
  const subtle = globalThis.crypto.subtle;
  const der = base64ToBytes(publicKeyPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''));
  const rsa = await subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const rawKey = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const aes = await subtle.importKey('raw', rawKey, 'AES-GCM', false, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await subtle.encrypt({ name: 'AES-GCM', iv }, aes, new TextEncoder().encode(JSON.stringify(payload))),
  );
  const wrapped = new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, rawKey));
  const blob = new Uint8Array(iv.length + sealed.length);
  blob.set(iv);
  blob.set(sealed, iv.length);
  return { header: bytesToBase64(wrapped), body: { data: bytesToBase64(blob) } };
}

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
