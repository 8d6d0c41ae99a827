// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { FORAL_TERRITORIES, foralRefusal } from '../../../../core/countries/es/atom-feeds.js';
import { refusalData } from '../../../../core/model/index.js';
import { refusalText } from '../../../../renderer/errors/refusal-text.js';
import { chooseLanguage } from '../../../../renderer/i18n/i18n.js';

afterEach(() => chooseLanguage('en'));

const candidates = Array.from({ length: 12 }, (_, i) => ({ code: String(40900 + i), name: `SANTA MARIA ${i + 1}` }));

describe("a refusal named by reason, in the user's language", () => {
  it("lists the candidates it names in that language's words, the ones not listed counted at the end", async () => {
    const data = refusalData('MUNICIPALITY_NAME_AMBIGUOUS', { name: 'Santa', candidates, total: 15 });
    expect(refusalText(data)?.message).toMatch(/^“Santa” matches several municipalities: 40900 SANTA MARIA 1, .*, 40911 SANTA MARIA 12, and 3 more\.$/);
    await chooseLanguage('it');
    expect(refusalText(data)?.message).toMatch(
      /^«Santa» corrisponde a più comuni: 40900 SANTA MARIA 1, .*, 40910 SANTA MARIA 11, 40911 SANTA MARIA 12 e altri 3\.$/,
    );
    await chooseLanguage('pl');
    expect(refusalText({ ...data, total: 14 })?.message).toMatch(/ i 2 inne\.$/);
  });

  it('says no names close to a French commune name when the service found none', async () => {
    await chooseLanguage('fr');
    const none = refusalText(refusalData('COMMUNE_NAME_UNKNOWN', { name: 'Zzz', candidates: [], total: 0 }));
    expect(none).toEqual({ message: 'Aucune commune française ne s’appelle « Zzz ».', advice: 'Indiquez le nom complet ou le code INSEE (p. ex. 91216).' });
  });

  it("names a foral territory as the user's language does, the service's English name staying in its own text", async () => {
    const navarre = foralRefusal('31201')!;
    expect(navarre.message).toMatch(/^Navarre\/Nafarroa is a foral territory/);
    const said = async (language: string) => {
      await chooseLanguage(language);
      return refusalText(navarre.data)?.message;
    };
    expect(await said('es')).toMatch(/^Navarra es un territorio foral:/);
    expect(await said('fr')).toMatch(/^Navarre est un territoire foral/);
    expect(await said('pl')).toMatch(/^Nawarra /);
    expect(await said('en')).toMatch(/^Navarre is a foral territory/);
    await chooseLanguage('es');
    expect(refusalText(foralRefusal('48020')!.data)?.message).toMatch(/^Vizcaya es un territorio foral/);
    expect(refusalText(foralRefusal('01')!.data)?.message).toMatch(/^Álava es un territorio foral/);
    await chooseLanguage('fr');
    expect(refusalText(foralRefusal('20069')!.data)?.message).toMatch(/^Guipuscoa est un territoire foral/);
  });

  it("lists the foral cadastres by their names in the user's language, each with its own source", async () => {
    const foral = Object.keys(FORAL_TERRITORIES).map((code) => foralRefusal(code)!.data as { province: string; name: string; source: string });
    const data = refusalData('MUNICIPALITY_NAME_UNKNOWN', { name: 'Bilbo', foral });
    await chooseLanguage('de');
    const advice = refusalText(data)!.advice;
    for (const name of ['Álava', 'Gipuzkoa', 'Navarra', 'Bizkaia']) expect(advice).toContain(`${name}: https://`);
    expect(advice).not.toContain('Nafarroa');
    await chooseLanguage('it');
    expect(refusalText(data)!.advice).toContain(`Biscaglia: ${FORAL_TERRITORIES['48'].source}`);
  });

  it("leaves a reason the app has no words for to the service's text", () => {
    expect(refusalText({ reason: 'SOMETHING_NEW' })).toBeUndefined();
    expect(refusalText(undefined)).toBeUndefined();
  });
});
