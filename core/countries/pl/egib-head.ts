// An EGiB county export GML (egib-gml.ts) known by its first characters, apart from its reader so that an import loads
// only the reader of the format it detected (core/countries/import-formats.ts).

export function isEgibGml(head: string): boolean {
  return head.includes('urn:gugik:specyfikacje:gmlas:ewidencjaGruntowBudynkow') && /<(?:[\w-]+:)?EGB_/.test(head);
}
