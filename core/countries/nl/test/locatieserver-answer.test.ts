import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLocatieserverAnswer } from '../locatieserver.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';

const recording = (name: string) => readFileSync(countryFixture(name), 'utf8');

describe('PDOK Locatieserver answers, on the real recordings', () => {
  it('keeps only adres documents, with WKT points, numbers and linked parcels; scores relative to the best', () => {
    const addresses = parseLocatieserverAnswer(recording('nl_pdok_locatieserver_free_nieuwezijds_voorburgwal_147.json'));
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({
      huisnummer: 147,
      postcode: '1012RJ',
      woonplaats: 'Amsterdam',
      percelen: ['ASD04-F-2749'],
      point: [4.89089949, 52.37316398],
    });
    expect(addresses[0].score).toBeGreaterThan(0.9);
  });

  it('reads a lookup answer the same way', () => {
    expect(parseLocatieserverAnswer(recording('nl_pdok_locatieserver_lookup_schema_sample.json'))[0]).toMatchObject({
      huisnummer: 93,
      percelen: ['UTT00-R-364'],
    });
  });

  it('a Solr error body and the truncated empty answer are the source failing (503), not a crash', () => {
    expect(() => parseLocatieserverAnswer(recording('nl_pdok_locatieserver_error_schema_sample.json'))).toThrow(
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining("Verplichte parameter 'id' ontbreekt") }),
    );
    expect(() => parseLocatieserverAnswer(recording('nl_pdok_locatieserver_free_no_results_INVALIDJSON.json'))).toThrow(
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }),
    );
  });
});
