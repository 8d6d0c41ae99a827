export interface MunicipalityFacts {
  code: string;
  municipio: string;
  provincia: string;
}

/**
 * The Catastro's ATOM zips ship an ISO 19139 metadata file beside each GML
 * (`A.ES.SDGC.CP.MD..<code>.xml`, double dot included) whose title names the municipality:
 * "Cadastral Parcel of 40146-MELQUE DE CERCOS (Segovia)". The parcel GML itself carries no
 * municipality, so the importer reads it from there (inside the zip, or beside a loose GML).
 */
export function municipalityFromMetadata(xml: string): MunicipalityFacts | undefined {
  const match = /Cadastral Parcels? of (\d{5})-([^(<]+?)\s*\(([^)<]+)\)/.exec(xml);
  return match ? { code: match[1], municipio: match[2].trim(), provincia: match[3].trim() } : undefined;
}
