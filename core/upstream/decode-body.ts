/**
 * Bytes of an answer → text. Catastro answers declare ISO-8859-1 yet some are UTF-8 (the
 * recorded GetParcel for 9398516VK3799G), so trusting the declaration would garble accents.
 * Valid UTF-8 is taken as UTF-8; anything else is decoded with the charset the answer names
 * (header, then XML declaration), falling back to Latin-1, which never fails.
 */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const declared = charsetOf(contentType) ?? xmlDeclaredEncoding(bytes) ?? 'windows-1252';
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      return new TextDecoder('windows-1252').decode(bytes);
    }
  }
}

function charsetOf(contentType: string): string | undefined {
  return /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
}

function xmlDeclaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 200));
  return /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
}
