import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES, SHIPPED_LANGUAGES, SOURCE_LANGUAGE, loadStrings, sourceStrings } from './resources.js';

/** Where the language picked in Settings is remembered; absent means "follow the system". */
export const LANGUAGE_STORAGE_KEY = 'catastro.language';

/** The first of the user's languages (BCP 47, best first) that we ship, by its primary subtag. */
export function pickShippedLanguage(preferred: readonly string[]): string | undefined {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (SHIPPED_LANGUAGES.includes(primary)) return primary;
  }
  return undefined;
}

export function storedLanguage(): string | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value && SHIPPED_LANGUAGES.includes(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Settings' choice: a shipped language, or null to follow the system again (the browser's languages,
 * or Electron's system languages passed in `systemLanguages`).
 */
export async function chooseLanguage(language: string | null, systemLanguages: readonly string[] = navigator.languages): Promise<void> {
  try {
    if (language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    else localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice holds for this session only.
  }
  await i18next.changeLanguage(language ?? pickShippedLanguage(systemLanguages) ?? SOURCE_LANGUAGE);
}

/**
 * Initialised on first import. English (the source language) is bundled and ready at once, in the
 * app and in tests alike; another language is fetched first (its chunk, resources.ts): the app
 * renders once this has settled, so its first paint is in the shown language. Languages chosen
 * later load the same way before i18next switches to them.
 */
export const i18nReady: Promise<unknown> = i18next
  .use(LanguageDetector)
  .use(initReactI18next)
  .use(resourcesToBackend(loadStrings))
  .init({
    resources: { [SOURCE_LANGUAGE]: sourceStrings },
    partialBundledLanguages: true,
    ns: NAMESPACES,
    defaultNS: 'app',
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: SHIPPED_LANGUAGES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    initAsync: false,
    // React escapes what it renders; i18next must not escape a second time.
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    detection: { order: ['localStorage', 'navigator'], lookupLocalStorage: LANGUAGE_STORAGE_KEY, caches: [] },
  });

const markDocument = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
markDocument(i18next.resolvedLanguage ?? SOURCE_LANGUAGE);
i18next.on('languageChanged', () => markDocument(i18next.resolvedLanguage ?? SOURCE_LANGUAGE));

export { i18next };
export { Trans, useTranslation } from 'react-i18next';
