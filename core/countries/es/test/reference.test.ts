import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  controlCharacters,
  fincaKind,
  hasValidControlCharacters,
  isSpanishReference,
  normalizeSpanishReference,
  parseSpanishReference,
  unitReference,
} from '../reference.js';
import { ServiceError } from '../../../model/index.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';

const dnprc = JSON.parse(readFileSync(countryFixture('es_catastro_ovc-dnprc-urbana-9398516VK3799G.json'), 'utf8'));
/** The 18 properties of 9398516VK3799G with the control letters the Catastro itself gave them. */
const recordedUnits: { pc1: string; pc2: string; car: string; cc1: string; cc2: string }[] = dnprc.consulta_dnprcResult.lrcdnp.rcdnp.map((p: any) => p.rc);

function validationMessage(raw: string): string {
  try {
    parseSpanishReference(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('VALIDATION_ERROR');
    expect((error as ServiceError).status).toBe(400);
    return (error as ServiceError).message;
  }
  throw new Error(`'${raw}' was accepted`);
}

describe('Spanish reference control letters (SOURCES.md 1.6)', () => {
  it('accepts the published test vector and rejects its altered form', () => {
    expect(hasValidControlCharacters('7837301VG8173B0001TT')).toBe(true);
    expect(hasValidControlCharacters('7837301VG8173B0001NN')).toBe(false);
    expect(hasValidControlCharacters('4A08169P03PRAT0001LR')).toBe(true);
  });

  it('gives the rustic example the letters the Catastro answers for it (MS), not the FP that pages copy', () => {
    // A third-party project's regression answers, read from ovc.catastro.meh.es on 2026-09-07
    // (public code search), record Consulta_DNPRC of 13077A01800039 returning 13077A018000390000MS;
    // its notes say the FP of many pages does not match. SOURCES.md 1.6 still quotes FP.
    expect(controlCharacters('13077A01800039', '0000')).toBe('MS');
    expect(hasValidControlCharacters('13077A018000390000FP')).toBe(false);
  });

  it('computes the control letters the Catastro gave each of the 18 recorded units of 9398516VK3799G', () => {
    expect(recordedUnits).toHaveLength(18);
    for (const rc of recordedUnits) {
      expect(controlCharacters(rc.pc1 + rc.pc2, rc.car)).toBe(rc.cc1 + rc.cc2);
      expect(isSpanishReference(`${rc.pc1}${rc.pc2}${rc.car}${rc.cc1}${rc.cc2}`)).toBe(true);
    }
  });

  it('validates the 20-character reference of the recorded Consulta_DNPRC XML answer', () => {
    const xml = readFileSync(countryFixture('es_catastro_ovc_xml_Consulta_DNPRC_6344205CF7664S0001GP_from_test.xml'), 'utf8');
    const part = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)![1];
    const ref = part('pc1') + part('pc2') + part('car') + part('cc1') + part('cc2');
    expect(ref).toBe('6344205CF7664S0001GP');
    expect(parseSpanishReference(ref)).toBe(ref);
  });

  it('builds unit references whose letters validate, and any other pair of letters fails', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(...letters), fc.constantFrom(...letters), (n, a, b) => {
        const car = String(n).padStart(4, '0');
        const ref = unitReference('9398516VK3799G', car);
        expect(hasValidControlCharacters(ref)).toBe(true);
        const altered = ref.slice(0, 18) + a + b;
        expect(hasValidControlCharacters(altered)).toBe(altered === ref);
      }),
    );
  });
});

describe('Spanish reference shapes', () => {
  it('classifies every parcel of the real 40146 download as urban or rustic', () => {
    const gml = gunzipSync(readFileSync(countryFixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
    const refs = [...new Set([...gml.matchAll(/<localId>([^<]+)<\/localId>/g)].map((m) => m[1]))];
    expect(refs.length).toBeGreaterThan(1400);
    const kinds = refs.map(fincaKind);
    expect(kinds.filter((k) => k === 'special')).toEqual([]);
    expect(kinds).toContain('urban');
    expect(kinds).toContain('rustic');
    expect(fincaKind('40146A00100001')).toBe('rustic');
    expect(fincaKind('000700100UL74F')).toBe('urban');
    expect(fincaKind('4A08169P03PRAT')).toBe('special');
  });

  it('normalises spaces, dashes and case, keeping Ñ', () => {
    expect(normalizeSpanishReference(' 7837301-vg8173b 0001 tt ')).toBe('7837301VG8173B0001TT');
    expect(normalizeSpanishReference('1234567ñb1234c')).toBe('1234567ÑB1234C');
    expect(parseSpanishReference('9398516-vk3799g')).toBe('9398516VK3799G');
    expect(parseSpanishReference('1234567ÑB1234C')).toBe('1234567ÑB1234C');
  });

  it('names the expected shape when the length is wrong', () => {
    expect(validationMessage('1234-AB')).toMatch(/6 characters; it needs 14 or 20/);
    expect(validationMessage('9398516VK3799G0001')).toMatch(/18 characters/);
  });

  it('quotes the reference as typed when only separators were given', () => {
    expect(validationMessage(' - -- ')).toMatch(/^Reference '- --' has no letters or digits\. A Spanish/);
  });

  it('points at the first character that is not a letter or digit', () => {
    expect(validationMessage('9398516VK3799/')).toMatch(/Character 14 \('\/'\)/);
  });

  it('says the property number must be digits', () => {
    expect(validationMessage('7837301VG8173B00A1TT')).toMatch(/Character 17 .* must be a digit/);
  });

  it('says which control letters were expected', () => {
    expect(validationMessage('7837301VG8173B0001NN')).toMatch(/they are 'TT', not 'NN'/);
  });

  it('detects Spanish shapes only where they are unambiguous', () => {
    expect(isSpanishReference('9398516VK3799G')).toBe(true);
    expect(isSpanishReference('13077A01800039')).toBe(true);
    expect(isSpanishReference('7837301VG8173B0001TT')).toBe(true);
    expect(isSpanishReference('7837301VG8173B0001NN')).toBe(false);
    // The French parcel of the fixtures (14 characters, ends in digits) is not Spanish-shaped.
    expect(isSpanishReference('41046000AK0279')).toBe(false);
    expect(isSpanishReference('1234-AB')).toBe(false);
  });
});
