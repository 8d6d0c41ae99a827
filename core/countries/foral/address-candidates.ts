import { isServiceError, notFound, type AddressCandidate, type AddressCandidatesResult, type CountryCode } from '../../model/index.js';
import type { AdapterContext, CountryAdapter } from '../adapter.js';

/**
 * Spec endpoint 1, rule 1: Basque Country and Navarre candidates of a search with `country=ES`
 * carry `pais` PV / NA with the foral reference. The national geocoder places their portals but
 * its cadastral reference is the Catastro's, which holds no parcels there (SOURCES.md 1b): the
 * foral reference is the one of the foral parcel under the portal, asked of PV's or NA's own
 * adapter (copy first, else its foral service). Candidates whose portal lies on no foral parcel
 * are dropped; a foral service that does not answer leaves its candidates out unless none is
 * left, then the answer is its 503.
 */
export async function withForalReferences(
  result: AddressCandidatesResult,
  countries: { find(code: CountryCode): CountryAdapter | undefined },
  ctx: AdapterContext,
): Promise<AddressCandidatesResult> {
  const candidatos: AddressCandidate[] = [];
  const attributions = new Set<string>();
  let failure: unknown;
  for (const candidate of result.candidatos) {
    const foral = candidate.pais === 'PV' || candidate.pais === 'NA' ? countries.find(candidate.pais) : undefined;
    if (!foral) {
      candidatos.push(candidate);
      continue;
    }
    if (candidate.refCatastral !== '' && foral.matchesReference(candidate.refCatastral)) {
      candidatos.push(candidate);
      attributions.add(foral.attribution);
      continue;
    }
    if (candidate.latitud === undefined || candidate.longitud === undefined) continue;
    try {
      const point: [number, number] = [candidate.longitud, candidate.latitud];
      const inCopy = ctx.store.parcelAt(point, candidate.pais) !== undefined;
      const match = await foral.parcelAt(point, ctx);
      if (candidatos.some((c) => c.pais === candidate.pais && c.refCatastral === match.refCat14)) continue;
      candidatos.push({ ...candidate, refCatastral: match.refCat14, enCopia: inCopy, ...(match.tipoInmueble && { uso: match.tipoInmueble }) });
      attributions.add(foral.attribution);
    } catch (error) {
      if (isServiceError(error) && error.code === 'NOT_FOUND') continue;
      if (isServiceError(error) && error.code === 'SERVICE_UNAVAILABLE') {
        failure ??= error;
        continue;
      }
      throw error;
    }
  }
  if (candidatos.length === 0) {
    if (failure) throw failure;
    throw notFound(`No address with a parcel matches '${result.consulta.texto.slice(0, 80)}'.`);
  }
  return { ...result, candidatos, attribution: [result.attribution, ...attributions].join('; ') };
}
