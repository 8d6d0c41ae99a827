/**
 * The one byte range of a `Range: bytes=…` header (all PMTiles readers send), within a file of
 * `size` bytes: undefined for no usable header (the whole file), 'unsatisfiable' past its end.
 * Shared by the HTTP server's /api/basemap.pmtiles and the desktop app's app:// handler.
 */
export function byteRange(header: string | null | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const range = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!range) return undefined;
  const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1]);
  const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), size - 1) : size - 1;
  return start >= size || start > end ? 'unsatisfiable' : { start, end };
}
