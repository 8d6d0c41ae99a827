import { Command, InvalidArgumentError, Option } from 'commander';
import { wholeNumber } from './arguments.js';
import { printUsageRefusalsAsFailures } from './failure.js';
import { COUNTRY_CODES, isCountryCode, type CountryCode, type SourcesCheckReport } from '../core/model/index.js';

const CAPABILITY_NAMES = { byReference: 'by reference', byCoordinates: 'by coordinates', byAddress: 'by address', units: 'units' } as const;

/** `--country ES,FR` or `--country ES --country FR`: spec codes, any case. */
function countryList(text: string, previous: CountryCode[] = []): CountryCode[] {
  const codes = text
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  const unknown = codes.filter((code) => !isCountryCode(code));
  if (codes.length === 0 || unknown.length > 0)
    throw new InvalidArgumentError(`${unknown.join(', ') || 'nothing'} is not a country code of the coverage table (${COUNTRY_CODES.join(', ')}).`);
  return [...new Set([...previous, ...(codes as CountryCode[])])];
}

/** The check as a table for a terminal: one line per lookup, what differs or failed on the line below it. */
export function sourcesCheckTable(report: SourcesCheckReport): string[] {
  const header = ['country', 'capability', 'answered', 'matches', 'time', 'asked'];
  const cells = report.rows.map((row) => [
    row.country,
    CAPABILITY_NAMES[row.capability],
    row.answered ? 'yes' : 'NO',
    row.matches ? 'yes' : row.answered ? 'NO' : '-',
    `${row.ms} ms`,
    row.asked,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i].length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => (i === 3 || i === 4 ? value.padStart(widths[i]) : value.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const lines = [line(header)];
  for (const [i, row] of report.rows.entries()) {
    lines.push(line(cells[i]));
    if (row.detail && !row.matches) lines.push(`    ${row.answered ? 'does not match' : 'not answered'}: ${row.detail}`);
  }
  const failed = report.rows.filter((row) => !row.matches).length;
  lines.push(
    failed === 0
      ? `All ${report.rows.length} lookups answered the known answer.`
      : `${failed} of ${report.rows.length} lookups did not answer the known answer.`,
  );
  return lines;
}

/**
 * `catastro sources check [--country XX]`: one real lookup per capability of each country against
 * the live services (their base URLs from the same environment variables as the app's), compared
 * with the known answers; exits 1 when a lookup does not answer or does not match.
 */
export function sourcesCommand(): Command {
  const sources = printUsageRefusalsAsFailures(new Command('sources')).description('the cadastral sources of every country');
  sources
    .command('check')
    .description(
      "ask every country's live sources one real lookup per capability (by reference, by coordinates, by address, units) with a parcel of its evidence, compare the answer with the recorded one and print a table; exits 1 when a lookup does not answer or does not match",
    )
    .option('--country <codes>', 'only these countries (e.g. ES or ES,FR; repeatable)', countryList)
    .addOption(new Option('--timeout <seconds>', 'time one lookup may take before its row says it did not answer').argParser(wholeNumber(1, 600)).default(30))
    .action(async (options: { country?: CountryCode[]; timeout: number }) => {
      const [{ checkSourcesLive }, { CountryRegistry }, { serviceSourcesFromEnv }, { UpstreamClient }] = await Promise.all([
        import('../core/status/sources-check.js'),
        import('../core/countries/registry.js'),
        import('../core/sources-from-env.js'),
        import('../core/upstream/upstream-client.js'),
      ]);
      const registry = CountryRegistry.create(serviceSourcesFromEnv());
      const report = await checkSourcesLive({ registry, http: new UpstreamClient(), countries: options.country, lookupDeadlineMs: options.timeout * 1000 });
      for (const line of sourcesCheckTable(report)) console.log(line);
      process.exitCode = report.passed ? 0 : 1;
    });
  return sources;
}
