import type { Natura2000Type } from '../types.js';

/**
 * Which attribute of a protected-area layer holds the site code, the name and the Natura 2000
 * type. The EEA layer has `SITETYPE` (A = SPA, B = SCI/SAC, C = both; SOURCES.md 13.4); regional
 * layers hold one designation each, given as `fixedTypes`.
 */
export interface FieldMapping {
  code: string;
  name: string;
  typeField?: string;
  fixedTypes?: Natura2000Type[];
}

export interface SourceDefaults {
  name: string;
  license: string;
}

export interface MappingPreset {
  id: string;
  mapping: FieldMapping;
  source: SourceDefaults;
}

export const MAPPING_PRESETS: readonly MappingPreset[] = [
  {
    id: 'eea-natura2000',
    mapping: { code: 'SITECODE', name: 'SITENAME', typeField: 'SITETYPE' },
    source: { name: 'Natura 2000 (European Environment Agency)', license: 'EEA standard re-use policy: re-use with attribution' },
  },
  {
    id: 'madrid-zepa',
    mapping: { code: 'CD_ZEPA', name: 'DS_ZEPA', fixedTypes: ['SPA'] },
    source: { name: 'Comunidad de Madrid, Red Natura 2000: ZEPA', license: 'Comunidad de Madrid open data (licence not stated in the copy used)' },
  },
  {
    id: 'madrid-zec',
    mapping: { code: 'CD_ZEC_COD', name: 'DS_ZEC_NAM', fixedTypes: ['SCI'] },
    source: { name: 'Comunidad de Madrid, Red Natura 2000: ZEC', license: 'Comunidad de Madrid open data (licence not stated in the copy used)' },
  },
];

/** The preset whose code and name fields the layer's first feature carries. */
export function detectPreset(properties: Record<string, unknown>): MappingPreset | undefined {
  return MAPPING_PRESETS.find((p) => p.mapping.code in properties && p.mapping.name in properties);
}

const SITETYPE: Record<string, Natura2000Type[]> = { A: ['SPA'], B: ['SCI'], C: ['SPA', 'SCI'] };

/** The Natura 2000 designations of one feature under a mapping; empty when unknown. */
export function siteTypes(mapping: FieldMapping, properties: Record<string, unknown>): Natura2000Type[] {
  if (mapping.fixedTypes) return mapping.fixedTypes;
  const raw = mapping.typeField
    ? String(properties[mapping.typeField] ?? '')
        .trim()
        .toUpperCase()
    : '';
  if (raw === 'SPA' || raw === 'SCI') return [raw];
  return SITETYPE[raw] ?? [];
}
