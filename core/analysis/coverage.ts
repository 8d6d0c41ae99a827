import { noCoverage, type CountryCode } from '../model/index.js';

/** 422 CNV_COVERAGE outside the countries analysed (those whose adapter's coverage row has `analysis`). */
export function assertAnalysisCoverage(country: CountryCode, analysisCountries: readonly CountryCode[]): void {
  if (!analysisCountries.includes(country)) {
    throw noCoverage(`Analysis endpoints cover ${analysisCountries.join(', ')}; ${country} is not covered.`, {
      supportedCountries: [...analysisCountries],
    });
  }
}
