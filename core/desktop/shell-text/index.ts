import { DEFAULT_OUTPUT_LANGUAGE, OUTPUT_LANGUAGES, type OutputLanguage } from '../../model/index.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import type { ShellText } from './shell-text.js';

export type { ShellText } from './shell-text.js';

/** The shell's words in every output language (the record's type makes a missing one a type error). */
export const SHELL_TEXT: Record<OutputLanguage, ShellText> = { de, en, es, fr, it, nl, pl, pt };

/**
 * The shell's language, chosen as the renderer chooses its own (renderer/i18n): the language
 * picked in Settings, else the first of the system's languages we ship (by primary subtag), else English.
 */
export function shellLanguage(chosen: string | null, systemLanguages: readonly string[]): OutputLanguage {
  for (const tag of [chosen, ...systemLanguages]) {
    const primary = tag?.toLowerCase().split(/[-_]/)[0];
    const shipped = OUTPUT_LANGUAGES.find((language) => language === primary);
    if (shipped) return shipped;
  }
  return DEFAULT_OUTPUT_LANGUAGE;
}
