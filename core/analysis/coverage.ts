import { ANALYSIS_COUNTRIES, noCoverage, type CountryCode } from '../model/index.js';

/** Spec, "What the service does" item 3: analysis covers ES, PV, NA, PT, FR, IT, DE; others answer 422 CNV_COVERAGE. */
export function assertAnalysisCoverage(country: CountryCode): void {
  if (!ANALYSIS_COUNTRIES.includes(country)) {
    throw noCoverage(`Analysis endpoints cover ${ANALYSIS_COUNTRIES.join(', ')}; ${country} is not covered.`, {
      supportedCountries: [...ANALYSIS_COUNTRIES],
    });
  }
}
