// Kadaster's DKK GML (dkk-gml.ts) known by its first characters, apart from its reader so that an import loads
// only the reader of the format it detected (core/countries/import-formats.ts).

export function isDkkGml(head: string): boolean {
  return head.includes('http://www.kadaster.nl/schemas/brkkadastralekaart') && /<(?:[\w-]+:)?Perceel[\s>]/.test(head);
}
