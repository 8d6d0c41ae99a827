// Etalab's cadastre GeoJSON (etalab-geojson.ts) known by its first characters, apart from its reader so that an import loads
// only the reader of the format it detected (core/countries/import-formats.ts).

/** Recognised from the first feature's properties: Etalab's `commune` + `prefixe` + `section` + `contenance`. */
export function isEtalabParcels(head: string): boolean {
  return (
    /"type"\s*:\s*"FeatureCollection"/.test(head) &&
    /"commune"\s*:\s*"(\d{5}|2[AB]\d{3})"/.test(head) &&
    /"prefixe"\s*:\s*"\d{3}"/.test(head) &&
    /"section"\s*:\s*"[0-9A-Z]{2}"/.test(head)
  );
}
