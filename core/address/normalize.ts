/**
 * Text matching for Spanish addresses: upper case, accents and Ñ folded (users type "Grinon"
 * for "GRIÑON"), punctuation to spaces. Greek and Cyrillic letters are kept (folded the same
 * way: accents off, upper case), so Bulgarian and Greek names compare in their own script. Articles and prepositions are dropped when comparing
 * names because the cadastre writes them after the name ("ESTACION DE LA", "NARDOS LOS")
 * while people write them before ("Avenida de la Estación").
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9\u0391-\u03A9\u0410-\u042F\u0401-\u040F]+/g, ' ')
    .trim();
}

const STOPWORDS = new Set(['DE', 'DEL', 'LA', 'LAS', 'EL', 'LOS', 'Y', 'D', 'L', 'A', 'AL', 'SAN', 'SANTA']);

/** Significant words of a name, folded, without articles. `SAN`/`SANTA` stay when they are the whole name. */
export function nameTokens(text: string): string[] {
  const words = fold(text).split(' ').filter(Boolean);
  const significant = words.filter((w) => !STOPWORDS.has(w));
  return significant.length > 0 ? significant : words;
}

/** Share of the words of both names that they have in common (Dice coefficient over word sets), 0..1. */
export function nameSimilarity(a: string, b: string): number {
  const left = new Set(nameTokens(a));
  const right = new Set(nameTokens(b));
  if (left.size === 0 || right.size === 0) return 0;
  let common = 0;
  for (const word of left) if (right.has(word)) common++;
  return (2 * common) / (left.size + right.size);
}

/** True when every significant word the user gave appears in the official name ("Humanes" ⊂ "Humanes de Madrid"). */
export function nameContains(official: string, given: string): boolean {
  const officialWords = new Set(nameTokens(official));
  const givenWords = nameTokens(given);
  return givenWords.length > 0 && givenWords.every((w) => officialWords.has(w));
}
