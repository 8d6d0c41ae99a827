import { noCoverage, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import type { LiveParcelSource } from './national-adapter.js';

/**
 * The live source of a country whose parcel service no public material names (LI, IS): every
 * lookup answers 422 CNV_COVERAGE with `reason`, asking nothing, until the user names a service
 * in the source's option (then `create` serves it). A guessed URL is never asked: it would answer
 * a user with another host's error, or with nothing, instead of the reason.
 */
export function unlessConfigured(url: string, create: (url: string) => LiveParcelSource, reason: string): LiveParcelSource {
  if (url !== '') return create(url);
  const refuse = async (): Promise<StoredParcel | undefined> => {
    throw noCoverage(reason);
  };
  return {
    byReference: (_ref: string, _ctx: AdapterContext) => refuse(),
    at: (_point: LonLat, _ctx: AdapterContext) => refuse(),
    statusChecks: (): SourceCheck[] => [],
  };
}
