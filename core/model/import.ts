/** Progress of one bulk import, reported as the file streams. */
export interface ImportProgress {
  file: string;
  bytesRead: number;
  bytesTotal: number;
  records: number;
}

/** What one imported file brought into the local copy. */
export interface ImportResult {
  file: string;
  kind: 'inspire-parcels' | 'inspire-buildings' | 'cat';
  parcels: number;
  buildings: number;
  units: number;
  fincas: number;
  skipped: number;
  durationMs: number;
}
