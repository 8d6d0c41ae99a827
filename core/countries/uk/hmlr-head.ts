// HM Land Registry's INSPIRE Index Polygons (hmlr-gml.ts) known by its first characters, apart from its reader so that an import loads
// only the reader of the format it detected (core/countries/import-formats.ts).

export function isHmlrGml(head: string): boolean {
  return /xmlns:(\w+)="www\.landregistry\.gov\.uk"/.test(head) && /<(?:\w+:)?PREDEFINED[\s>]/.test(head);
}
