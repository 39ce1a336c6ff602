/** SHA-256 of a text's UTF-8 bytes, hex; undefined where the browser offers no WebCrypto (insecure origin). */
export async function sha256Hex(text: string): Promise<string | undefined> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
