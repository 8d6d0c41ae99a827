/**
 * The Content-Disposition of a file answer (RFC 6266): `filename` in plain ASCII for every
 * client, and when the name has other characters, `filename*` in UTF-8 (RFC 8187) as well.
 * Node refuses a header holding characters beyond Latin-1 by throwing while the answer is
 * written, after every error handler, which takes the whole process down: a batch named in
 * Greek or Chinese did. Hand-written (a dozen lines) because the `content-disposition` package
 * is here only as another package's dependency, without types.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (ascii === fileName) return `${type}; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
