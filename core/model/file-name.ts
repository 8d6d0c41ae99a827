/**
 * A cadastral reference (or a selection's name) as a file name, the one rule of every export,
 * report and Content-Disposition: letters and digits of any script (Ñ, Č, Ö…), '_' and '-' are
 * kept; any other character ('/', '.', ':', spaces, quotes) becomes '_', so no name leaves its
 * folder or breaks a header, and the same parcel gets the same name in the app and over HTTP.
 */
export function referenceFileName(ref: string, extension: string): string {
  return `${ref.replace(/[^\p{L}\p{N}_-]/gu, '_')}.${extension}`;
}
