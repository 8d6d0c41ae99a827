import { fold } from '../../address/normalize.js';
import type { OfflineArea } from '../../model/index.js';
import { SPANISH_NAMES } from './address/grammar.js';

/** A place as matched by name: its name, and the code the caller needs of it. */
export interface Named {
  name: string;
  code: string;
}

/**
 * The candidates whose name is the one asked: the same letters (case and accents folded), else the
 * same significant words ("Cuesta (La)" for "La Cuesta"), else, unless `wholeNamesOnly`, every word
 * asked within the name ("Navas" in "NAVAS DE ORO"). The first rule that matches any decides;
 * several there are ambiguous.
 */
export function byName<T extends Named>(candidates: T[], asked: string, wholeNamesOnly = false): T[] {
  const folded = fold(asked);
  const words = (text: string) => [...new Set(SPANISH_NAMES.tokens(text))].sort().join(' ');
  const rules: ((c: T) => boolean)[] = [
    (c) => fold(c.name) === folded,
    (c) => words(c.name) === words(asked),
    ...(wholeNamesOnly ? [] : [(c: T) => SPANISH_NAMES.contains(c.name, asked)]),
  ];
  for (const rule of rules) {
    const found = candidates.filter(rule);
    if (found.length > 0) return [...new Map(found.map((c) => [c.code, c])).values()];
  }
  return [];
}

/**
 * The copy's Spanish offline areas: downloaded Catastro municipalities, each with its 5-digit code
 * (province or delegation, then the Catastro's municipality code, `40146`) and, when the download
 * named them, its name and its province's.
 */
export async function spanishOfflineAreas(list: (() => OfflineArea[] | Promise<OfflineArea[]>) | undefined): Promise<OfflineArea[]> {
  return ((await list?.()) ?? []).filter((area) => area.country === 'ES' && /^[0-9]{5}$/.test(area.code));
}
