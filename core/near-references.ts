import type { CountryCode } from './model/index.js';
import type { CadastralStore } from './store/cadastral-store.js';

/** The characters a cadastral reference is written in (every country's, upper case once normalised). */
const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** More would be a list to read, not a suggestion. */
const MAX_NEAR = 5;

/**
 * The references one typing slip away from `ref`: one character replaced by another, or two
 * neighbours swapped. Written by hand: the copy is asked for these few hundred exact references
 * in one indexed query (heldReferences), which no fuzzy-matching library over a list could do
 * without reading every reference of the copy first.
 */
export function oneSlipAway(ref: string): string[] {
  const near = new Set<string>();
  for (let i = 0; i < ref.length; i++) {
    for (const char of CHARACTERS) if (char !== ref[i]) near.add(ref.slice(0, i) + char + ref.slice(i + 1));
    if (i + 1 < ref.length && ref[i] !== ref[i + 1]) near.add(ref.slice(0, i) + ref[i + 1] + ref[i] + ref.slice(i + 2));
  }
  return [...near];
}

/** The references of `country` the copy holds one typing slip away from `ref` (a reference it does not hold), at most five. */
export async function nearReferencesHeld(store: CadastralStore, country: CountryCode, ref: string): Promise<string[]> {
  const held = await store.heldReferences(country, oneSlipAway(ref));
  return held.slice(0, MAX_NEAR);
}
