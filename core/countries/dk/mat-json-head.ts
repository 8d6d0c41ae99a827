// Datafordeler's MAT flat download (mat-json.ts) known by its first characters, apart from its reader so that an import loads
// only the reader of the format it detected (core/countries/import-formats.ts).

export function isMatJson(head: string): boolean {
  return /^\s*\{\s*"[A-Za-z_]+List"\s*:/.test(head) && head.includes('http://data.gov.dk/Matriklen/');
}
