// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatArea, formatDate, formatHectares, formatNumber, formatPercent } from '../../../../renderer/i18n/format.js';
import { chooseLanguage, i18next, pickShippedLanguage } from '../../../../renderer/i18n/i18n.js';
import { NAMESPACES, SHIPPED_LANGUAGES, SOURCE_LANGUAGE, type Strings } from '../../../../renderer/i18n/resources.js';

/** Every shipped file, read here at once (the app loads a language when it is shown). */
const files = import.meta.glob<Strings>('../../../../renderer/i18n/locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, Strings>> = {};
for (const [file, strings] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[language] ??= {})[namespace] = strings;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Flattened keys of a namespace (a.b.c → text). */
function flatten(strings: Strings, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(strings)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** Keys with plural suffixes folded to their base: the set every language must have. */
const baseKeys = (keys: Iterable<string>) => new Set([...keys].map((key) => key.replace(PLURAL, '')));
/** `{{name}}`, `{{name, format}}` (a list formatted in the language, `{{candidates, list}}`) and `<tag>`: by name. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}|<(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

afterEach(() => chooseLanguage(SOURCE_LANGUAGE));

describe('shipped translations', () => {
  it('ships English, Spanish, French, Italian, German, Dutch, Polish and Portuguese', () => {
    expect(SHIPPED_LANGUAGES).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt']);
    expect(Object.keys(resources).sort()).toEqual(SHIPPED_LANGUAGES);
  });

  for (const language of SHIPPED_LANGUAGES) {
    describe(language, () => {
      it('has every namespace of the source language and no other', () => {
        expect(Object.keys(resources[language]).sort()).toEqual(NAMESPACES);
      });

      for (const namespace of NAMESPACES) {
        it(`${namespace}: every key exists, with every plural form the language needs and the same placeholders`, () => {
          const source = flatten(resources[SOURCE_LANGUAGE][namespace]);
          const target = flatten(resources[language]?.[namespace] ?? {});
          expect([...baseKeys(target.keys())].sort()).toEqual([...baseKeys(source.keys())].sort());

          const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
          const pluralBases = new Set([...source.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
          for (const base of pluralBases) {
            for (const category of categories) expect(target.has(`${base}_${category}`), `${language}/${namespace}:${base}_${category}`).toBe(true);
          }
          for (const [key, text] of target) {
            expect(text.trim(), `${language}/${namespace}:${key} is empty`).not.toBe('');
            const sourceText = source.get(key) ?? source.get(`${key.replace(PLURAL, '')}_other`)!;
            const expected = new Set(placeholders(sourceText));
            // A plural form may say the count in words (un seul…) instead of {{count}}.
            for (const name of placeholders(text)) expect(expected.has(name), `${language}/${namespace}:${key} has ${name}`).toBe(true);
          }
        });
      }
    });
  }
});

describe('language choice and locale formatting', () => {
  // First of these tests: the others choose every language.
  it('fetches a language not shown at start when it is chosen, and shows its strings', async () => {
    expect(i18next.hasResourceBundle('nl', 'parcel'), 'Dutch loaded before it was chosen').toBe(false);
    await chooseLanguage('nl');
    expect(i18next.hasResourceBundle('nl', 'parcel')).toBe(true);
    expect(i18next.t('parcel:field.parcelArea')).toBe('Perceeloppervlakte');
  });

  it('writes a share as each language writes a percent', async () => {
    const shares: Record<string, string> = { en: '12.5%', de: '12,5 %', es: '12,5 %', fr: '12,5 %', pl: '12,5%', nl: '12,5%', it: '12,5%', pt: '12,5%' };
    for (const [language, share] of Object.entries(shares)) {
      await chooseLanguage(language);
      expect(formatPercent(12.5)?.replace(/\s/g, ' '), language).toBe(share);
    }
  });

  it("follows the first shipped language of the user's list, by primary subtag", () => {
    expect(pickShippedLanguage(['ru-RU', 'es-MX', 'en'])).toBe('es');
    expect(pickShippedLanguage(['de-AT', 'es-MX'])).toBe('de');
    expect(pickShippedLanguage(['fr_CA'])).toBe('fr');
    expect(pickShippedLanguage(['pt-BR'])).toBe('pt');
    expect(pickShippedLanguage(['ru-RU', 'ja'])).toBeUndefined();
  });

  it('formats numbers, areas and dates in the chosen language and remembers the choice', async () => {
    await chooseLanguage('es');
    expect(localStorage.getItem('catastro.language')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(formatArea(1234.5)).toBe('1.234,5 m²');
    expect(formatHectares(12_345)).toBe('1,2345 ha');
    expect(formatDate('2008-10-31')).toBe('31 oct 2008');
    expect(i18next.t('parcel:field.parcelArea')).toBe('Superficie de la parcela');

    await chooseLanguage('en');
    expect(formatArea(1234.5)).toBe('1,234.5 m²');
    expect(formatNumber(1086)).toBe('1,086');

    await chooseLanguage('fr');
    expect(formatArea(1234.5)).toBe('1\u202f234,5 m²');

    // The other shipped languages, each in its own notation.
    const expected: Record<string, [area: string, parcelArea: string]> = {
      de: ['1.234,5 m²', 'Flurstücksfläche'],
      it: ['1.234,5 m²', 'Superficie della particella'],
      nl: ['1.234,5 m²', 'Perceeloppervlakte'],
      pl: ['1\u00a0234,5 m²', 'Powierzchnia działki'],
      pt: ['1.234,5 m²', 'Área do prédio'],
    };
    for (const [language, [area, label]] of Object.entries(expected)) {
      await chooseLanguage(language);
      expect(document.documentElement.lang, language).toBe(language);
      expect(i18next.t('parcel:field.parcelArea'), language).toBe(label);
      expect(formatArea(1234.5)!.replace(/\s/g, ' '), language).toBe(area.replace(/\s/g, ' '));
    }
    expect(i18next.t('units:copyKnows.dwellings', { count: 5, formatted: '5' })).toBe('5 habitações declaradas');
    // A Portuguese user in Portugal sees Portugal's grouping, not Brazil's (the shown language's regional form).
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['pt-PT', 'en']);
    expect(formatArea(1234.5)!.replace(/\s/g, ' ')).toBe('1 234,5 m²');
    languages.mockRestore();
    await chooseLanguage('pl');
    // Polish plurals: one, few (2–4), many (5+).
    expect([1, 3, 5].map((count) => i18next.t('units:count', { count, formatted: String(count) }))).toEqual(['1 lokal', '3 lokale', '5 lokali']);

    await chooseLanguage(null, ['es-ES', 'en']);
    expect(localStorage.getItem('catastro.language')).toBeNull();
    expect(i18next.resolvedLanguage).toBe('es');
  });
});
