/**
 * The shipped translations: every renderer/i18n/locales/<language>/<namespace>.json, found at build
 * time (one namespace per feature folder, so features add their strings without touching a list).
 */
type Strings = { [key: string]: string | Strings };

const files = import.meta.glob<Strings>('./locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<string, Record<string, Strings>> = {};
for (const [file, strings] of Object.entries(files)) {
  const [, language, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[language] ??= {})[namespace] = strings;
}

/** The source language: every key is written here first, and missing translations fall back to it. */
export const SOURCE_LANGUAGE = 'en';
export const SHIPPED_LANGUAGES = Object.keys(resources).sort();
export const NAMESPACES = Object.keys(resources[SOURCE_LANGUAGE]).sort();
export type { Strings };
