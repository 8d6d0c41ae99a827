import { validationError } from './errors.js';

/**
 * The languages files handed on (the PDF report, batch results) are written in: the renderer's
 * shipped languages (renderer/i18n/locales; test/unit/report/output-language.test.ts keeps the two
 * lists equal). English is the source language and the default.
 */
export const OUTPUT_LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt'] as const;
export type OutputLanguage = (typeof OUTPUT_LANGUAGES)[number];
export const DEFAULT_OUTPUT_LANGUAGE: OutputLanguage = 'en';

/**
 * The output language of a BCP 47 tag (`es`, `es-ES`, `pt_BR`: the primary subtag counts);
 * undefined or '' is the default. A language we do not ship is the spec's VALIDATION_ERROR.
 */
export function requireOutputLanguage(tag: unknown): OutputLanguage {
  if (tag === undefined || tag === null || tag === '') return DEFAULT_OUTPUT_LANGUAGE;
  const primary = typeof tag === 'string' ? tag.trim().toLowerCase().split(/[-_]/)[0] : '';
  const language = OUTPUT_LANGUAGES.find((shipped) => shipped === primary);
  if (!language) throw validationError(`'${String(tag).slice(0, 35)}' is not a language files are written in; use one of ${OUTPUT_LANGUAGES.join(', ')}.`);
  return language;
}
