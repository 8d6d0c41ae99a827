import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ULDK_RESULT_FIELDS, ULDK_SEARCH_FIELDS, parseUldkAnswer } from '../uldk.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';

const recording = (name: string) => readFileSync(countryFixture(name), 'utf8');

describe('ULDK status-line rules, on the real recordings', () => {
  it('`0` then one record: the fields in the order asked (the answer recorded live for these fields)', () => {
    const answer = parseUldkAnswer(recording('pl_uldk_warszawa_146510_8.0309.24-35_recorded_2026-09-01.txt'), ULDK_RESULT_FIELDS);
    expect(answer.kind).toBe('records');
    if (answer.kind !== 'records') return;
    expect(answer.records).toHaveLength(1);
    expect(answer.records[0]).toMatchObject({
      id: '146510_8.0309.24/35',
      parcel: '24/35',
      voivodeship: 'mazowieckie',
      commune: 'Warszawa (miasto)',
      region: '5-03-09',
    });
    expect(answer.records[0].geom_wkt).toMatch(/^SRID=2180;POLYGON\(\(/);
  });

  it('a count `2` then two records', () => {
    const answer = parseUldkAnswer(recording('pl_uldk_getparcelbyidornr_134_two_results_from_test.txt'), ULDK_SEARCH_FIELDS);
    expect(answer.kind === 'records' && answer.records.map((r) => r.id)).toEqual(['022503_5.0003.134', '301903_2.0006.134']);
  });

  it('`-1 brak wyników` with its trailing noise line: nothing found', () => {
    expect(parseUldkAnswer(recording('pl_uldk_getparcelbyxy_baltic_no_results.txt'), ULDK_RESULT_FIELDS)).toEqual({ kind: 'none' });
  });

  it('a bare sentence without status line: the source refused the request (503 with its words)', () => {
    expect(() => parseUldkAnswer(recording('pl_uldk_error_unknown_request.txt'), ULDK_RESULT_FIELDS)).toThrow(
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('niepoprawny parametr') }),
    );
  });

  it('a record with the wrong number of fields, or fewer records than announced, is a 503', () => {
    expect(() => parseUldkAnswer('0\na|b\n', ULDK_RESULT_FIELDS)).toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }));
    const cut = recording('pl_uldk_getparcelbyidornr_134_two_results_from_test.txt').split('\n').slice(0, 2).join('\n');
    expect(() => parseUldkAnswer(cut, ULDK_SEARCH_FIELDS)).toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }));
  });
});
