import { describe, expect, it } from 'vitest';
import { oneSlipAway } from '../../../core/near-references.js';
import { apiForTests } from '../../helpers/api-harness.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

/** A parcel of the bundled Segovia sample, and the same reference with its last character mistyped. */
const HELD = '000700100UL74F';
const TYPO = '000700100UL74X';

const api = apiForTests();

const lookUp = (ref: string) => api.app.inject({ method: 'GET', url: `/api/catastro/${ref}` });

describe('a 14-character reference the copy does not hold, one slip from one it does', () => {
  it('the copy holds the right reference, not the mistyped one; the right one is one slip from it', () => {
    const copy = embeddedCopy(api.service);
    expect(copy.heldReferences('ES', [HELD, TYPO])).toEqual([HELD]);
    expect(oneSlipAway(TYPO)).toContain(HELD);
    // Two neighbours swapped is a slip too.
    expect(oneSlipAway('000700100UL7F4')).toContain(HELD);
  });

  it('answers 404 NOT_FOUND naming the near reference of the copy in data.nearMatches', async () => {
    const response = await lookUp(TYPO);
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body).toMatchObject({ code: 'NOT_FOUND', data: { nearMatches: [HELD] } });
    expect(body.message ?? body.error).toContain(HELD);
  });

  it('offline too (the Catastro cannot be asked): 503 with the near reference', async () => {
    api.fake.setFault({ kind: 'status', status: 503 });
    try {
      const response = await lookUp(TYPO);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', data: { nearMatches: [HELD] } });
    } finally {
      api.fake.setFault({ kind: 'none' });
    }
  });

  it('a reference nothing in the copy is near keeps its plain answer', async () => {
    const response = await lookUp('9999999ZZ9999Z');
    expect(response.json().data?.nearMatches).toBeUndefined();
  });
});
