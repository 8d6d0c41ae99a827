/**
 * The shipped translations: every renderer/i18n/locales/<language>/<namespace>.json, found at build
 * time (one namespace per feature folder, so features add their strings without touching a list).
 * The source language's strings are bundled (the fallback of every other, and an English first
 * paint needs no request); every other language is a chunk of its own (vite.config.ts), fetched
 * only when it is shown: all eight in the entry were about 240 KiB parsed before the first view
 * (docs/performance.md "Renderer").
 */
type Strings = { [key: string]: string | Strings };

/** The source language: every key is written here first, and missing translations fall back to it. */
export const SOURCE_LANGUAGE = 'en';

const sourceFiles = import.meta.glob<Strings>('./locales/en/*.json', { eager: true, import: 'default' });
const otherFiles = import.meta.glob<Strings>(['./locales/*/*.json', '!./locales/en/*.json'], { import: 'default' });

const fileOf = (file: string) => {
  const [, language, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  return { language, namespace };
};

/** The source language's strings by namespace, bundled. */
export const sourceStrings: Record<string, Strings> = Object.fromEntries(
  Object.entries(sourceFiles).map(([file, strings]) => [fileOf(file).namespace, strings]),
);
export const SHIPPED_LANGUAGES = [...new Set([...Object.keys(sourceFiles), ...Object.keys(otherFiles)].map((file) => fileOf(file).language))].sort();
export const NAMESPACES = Object.keys(sourceStrings).sort();

/** One namespace of one shipped language (the source language's at once, the others from their chunk). */
export async function loadStrings(language: string, namespace: string): Promise<Strings> {
  if (language === SOURCE_LANGUAGE && sourceStrings[namespace]) return sourceStrings[namespace];
  const load = otherFiles[`./locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No ${namespace} strings in ${language}`);
  return load();
}
export type { Strings };
