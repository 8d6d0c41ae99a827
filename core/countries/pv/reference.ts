import type { ReferenceShape } from '../reference-shape.js';

/**
 * References of the Basque Country's three foral cadastres (SOURCES.md 1b "Reference shapes"):
 * Bizkaia writes dotted groups `48.MMM.PPPP.NNNNN` (province, municipality, polígono, parcela);
 * Gipuzkoa 7 digits (its INSPIRE localId `MMM-NNNNNNN-V` carries them in the middle);
 * Álava 8 digits. Each territory has its own service, so the shape also picks the service.
 */
export type BasqueTerritory = 'bizkaia' | 'gipuzkoa' | 'araba';

const BIZKAIA = /^48\.(\d{3})\.(\d{4})\.(\d{5})$/;
const GIPUZKOA = /^\d{7}$/;
const GIPUZKOA_LOCAL_ID = /^\d{3}-(\d{7})-\d+$/;
const ARABA = /^\d{8}$/;

export const PV_REFERENCE_HINT =
  "A Basque Country (PV) reference is Bizkaia's dotted 48.MMM.PPPP.NNNNN (e.g. 48.020.1619.04006), " +
  "Gipuzkoa's 7 digits (e.g. 8594149) or Álava's 8 digits (e.g. 64010007).";

export interface BasqueReference {
  ref: string;
  territory: BasqueTerritory;
}

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): Gipuzkoa's 7 digits to its localId's unbounded version number. */
export const PV_REFERENCE_SHAPE: ReferenceShape = { length: [7, Infinity], chars: /[0-9.]/ };

export function parseBasqueReference(raw: string): BasqueReference | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '');
  if (BIZKAIA.test(text)) return { ref: text, territory: 'bizkaia' };
  if (GIPUZKOA.test(text)) return { ref: text, territory: 'gipuzkoa' };
  const localId = GIPUZKOA_LOCAL_ID.exec(text);
  if (localId) return { ref: localId[1], territory: 'gipuzkoa' };
  if (ARABA.test(text)) return { ref: text, territory: 'araba' };
  return undefined;
}

/** Bizkaia's municipality code (3 digits), which names its municipal download. */
export const bizkaiaMunicipality = (ref: string) => BIZKAIA.exec(ref)?.[1];
