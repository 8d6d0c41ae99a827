import { fold } from '../../address/normalize.js';
import { NA_REFERENCE_HINT, parseNavarreReference } from '../na/reference.js';
import { PV_REFERENCE_HINT, parseBasqueReference } from '../pv/reference.js';

/** INE province codes of the foral territories: Álava 01, Gipuzkoa 20, Bizkaia 48 (PV), Navarre 31. */
const FORAL_PROVINCES: Record<string, 'PV' | 'NA'> = { '01': 'PV', '20': 'PV', '48': 'PV', '31': 'NA' };

export const FORAL_HINT = { PV: PV_REFERENCE_HINT, NA: NA_REFERENCE_HINT } as const;

/**
 * The foral cadastre a reference belongs to when it is not the Catastro's (spec item 8: a foral
 * reference looked up under ES is not found; it needs PV or NA): a foral shape, or a Catastro
 * rustic reference (province first) of a foral province, which the Catastro does not hold.
 */
export function foralTerritoryOf(raw: string): 'PV' | 'NA' | undefined {
  if (parseBasqueReference(raw)) return 'PV';
  if (parseNavarreReference(raw)) return 'NA';
  const rustic = /^(\d{2})\d{3}[A-ZÑ]\d{8}$/.exec(raw.normalize('NFC').trim().toUpperCase());
  return rustic ? FORAL_PROVINCES[rustic[1]] : undefined;
}

/**
 * The foral provinces' names, folded (core/address/normalize.ts `fold`), in Spanish, Basque and
 * the two together as official names write them ("Araba/Álava"), to their INE codes.
 */
const FORAL_PROVINCE_NAMES: Record<string, string> = {
  ALAVA: '01',
  ARABA: '01',
  'ARABA ALAVA': '01',
  'ALAVA ARABA': '01',
  GIPUZKOA: '20',
  GUIPUZCOA: '20',
  'GIPUZKOA GUIPUZCOA': '20',
  'GUIPUZCOA GIPUZKOA': '20',
  BIZKAIA: '48',
  VIZCAYA: '48',
  'BIZKAIA VIZCAYA': '48',
  'VIZCAYA BIZKAIA': '48',
  NAVARRA: '31',
  NAFARROA: '31',
  'NAVARRA NAFARROA': '31',
  'NAFARROA NAVARRA': '31',
};

/** The INE code of a foral province named in Spanish or Basque, any case, accents optional. */
export const foralProvinceCodeOfName = (name: string): string | undefined => FORAL_PROVINCE_NAMES[fold(name)];

/** The province of a foral territory from an INE province code (CartoCiudad's provinceCode). */
export const foralOfProvince = (provinceCode: string | undefined) => (provinceCode ? FORAL_PROVINCES[provinceCode.padStart(2, '0')] : undefined);
