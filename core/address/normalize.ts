/**
 * Text matching for addresses: upper case, accents folded (users type "Grinon" for "GRIÑON"),
 * punctuation to spaces. Greek and Cyrillic letters are kept (folded the same way: accents off,
 * upper case), so Bulgarian and Greek names compare in their own script. A country's grammar may
 * name words to drop when comparing names (Spain drops articles and prepositions:
 * core/countries/es/address/grammar.ts), because an official register may write them after the
 * name ("ESTACION DE LA") while people write them before.
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9\u0391-\u03A9\u0410-\u042F\u0401-\u040F]+/g, ' ')
    .trim();
}

/** How names are compared in one country: which folded words are not significant. */
export interface NameRules {
  /** Significant words of a name, folded; the stop words stay when they are the whole name ("SAN"). */
  tokens(text: string): string[];
  /** Share of the words of both names that they have in common (Dice coefficient over word sets), 0..1. */
  similarity(a: string, b: string): number;
  /** True when every significant word given appears in the official name ("Humanes" ⊂ "Humanes de Madrid"). */
  contains(official: string, given: string): boolean;
}

export function nameRules(stopWords: ReadonlySet<string>): NameRules {
  const tokens = (text: string): string[] => {
    const words = fold(text).split(' ').filter(Boolean);
    const significant = words.filter((w) => !stopWords.has(w));
    return significant.length > 0 ? significant : words;
  };
  return {
    tokens,
    similarity(a, b) {
      const left = new Set(tokens(a));
      const right = new Set(tokens(b));
      if (left.size === 0 || right.size === 0) return 0;
      let common = 0;
      for (const word of left) if (right.has(word)) common++;
      return (2 * common) / (left.size + right.size);
    },
    contains(official, given) {
      const officialWords = new Set(tokens(official));
      const givenWords = tokens(given);
      return givenWords.length > 0 && givenWords.every((w) => officialWords.has(w));
    },
  };
}

/** Every word significant: the rules of a country without a grammar of its own. */
export const PLAIN_NAMES: NameRules = nameRules(new Set());

/** Name matching without a country's stop words (countries that pass no `NameRules`). */
export const nameSimilarity = PLAIN_NAMES.similarity;
