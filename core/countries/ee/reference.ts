/**
 * Estonian cadastral unit (katastriüksus) tunnus: cadastral zone (5 digits) : block (3 digits) :
 * unit (4 digits), `78401:114:0086` (SOURCES.md 15, the form the INSPIRE WFS filters on as
 * nationalCadastralReference).
 */
const TUNNUS = /^(\d{5}):(\d{3}):(\d{4})$/;

export const EE_REFERENCE_HINT = 'An Estonian cadastral unit is written zone:block:unit (5, 3 and 4 digits), e.g. 78401:114:0086.';

export function parseEstonianReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim().replace(/\s+/g, '');
  return TUNNUS.test(text) ? text : undefined;
}
