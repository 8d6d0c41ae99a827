import { PLAIN_NAMES, fold, type NameRules } from './normalize.js';

/**
 * `confianza` of an address candidate, shared by every country (Spain's geocoder gives no score
 * of its own; others put theirs in place of the street similarity):
 *
 *   confianza = 0.40 · number matches + 0.35 · municipality matches + 0.25 · street similarity
 *
 * - number matches: the portal's number equals the asked number (and its letter, when one was
 *   asked); 0 when no number was asked;
 * - municipality matches: the official name equals the given one, or starts with it
 *   ("Humanes" → "Humanes de Madrid"); without a municipality, the postcode must equal the
 *   portal's; with neither, 0 (unconfirmed);
 * - street similarity: Dice coefficient of the significant words of the names (0..1), ×0.8
 *   when the street type given differs from the portal's.
 *
 * The weights keep the spec's reading of the scale: 0.75 or more exactly when number and
 * municipality both match (0.40 + 0.35 = 0.75; without one of them at most 0.65). Which words
 * of a name are significant is the country's grammar (`names`).
 */
export interface MatchFacts {
  numberMatches: boolean;
  municipalityMatches: boolean;
  streetSimilarity: number;
}

export function confianza(facts: MatchFacts): number {
  const raw = 0.4 * Number(facts.numberMatches) + 0.35 * Number(facts.municipalityMatches) + 0.25 * Math.max(0, Math.min(1, facts.streetSimilarity));
  return Math.round(raw * 100) / 100;
}

/** Official name equals the given one or begins with its words. */
export function municipalityMatches(official: string | undefined, given: string | undefined, names: NameRules = PLAIN_NAMES): boolean {
  if (!official || !given) return false;
  const o = names.tokens(official);
  const g = names.tokens(given);
  return g.length > 0 && g.length <= o.length && g.every((word, i) => o[i] === word);
}

export function streetSimilarity(
  officialName: string,
  officialType: string | undefined,
  givenName: string,
  givenType: string | undefined,
  names: NameRules = PLAIN_NAMES,
): number {
  const similarity = names.similarity(officialName, givenName);
  const typeDiffers = givenType !== undefined && officialType !== undefined && fold(givenType) !== fold(officialType);
  return typeDiffers ? similarity * 0.8 : similarity;
}
