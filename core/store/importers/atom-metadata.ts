import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface MunicipalityFacts {
  code: string;
  municipio: string;
  provincia: string;
}

/**
 * The Catastro's ATOM zips ship an ISO 19139 metadata file beside each GML
 * (`A.ES.SDGC.CP.MD..<code>.xml`, double dot included) whose title names the municipality:
 * "Cadastral Parcel of 40146-MELQUE DE CERCOS (Segovia)". The parcel GML itself carries no
 * municipality, so the importer reads it from there when the file is present.
 */
export function municipalityFromMetadata(xml: string): MunicipalityFacts | undefined {
  const match = /Cadastral Parcels? of (\d{5})-([^(<]+?)\s*\(([^)<]+)\)/.exec(xml);
  return match ? { code: match[1], municipio: match[2].trim(), provincia: match[3].trim() } : undefined;
}

/** The municipality of a parcels file from its sibling metadata file, if the ATOM zip's was kept. */
export function siblingMunicipality(parcelsFile: string): MunicipalityFacts | undefined {
  const code = /A\.ES\.SDGC\.CP\.(\d{5})\./.exec(path.basename(parcelsFile))?.[1];
  if (!code) return undefined;
  const metadata = path.join(path.dirname(parcelsFile), `A.ES.SDGC.CP.MD..${code}.xml`);
  if (!existsSync(metadata)) return undefined;
  const facts = municipalityFromMetadata(readFileSync(metadata, 'utf8'));
  return facts?.code === code ? facts : undefined;
}
