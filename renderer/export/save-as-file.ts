/** Saves text or bytes as a file (an object URL clicked as a download link; Electron shows its save dialog). */
export function saveAsFile(content: string | Uint8Array, filename: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([content as BlobPart], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
