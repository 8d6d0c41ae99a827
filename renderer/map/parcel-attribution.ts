/**
 * What the map credits for the cadastral parcels it shows: each source demands its attribution
 * wherever its parcels are drawn, so the credit follows the countries of the parcels in view
 * (the tiles' `country` property) and of the selected parcel, each country's text as its adapter
 * states it (`GET /api/status` → `countries[].attribution`). The adapters own the texts; the map
 * only picks which ones apply.
 */
export function parcelAttribution(
  countriesInView: Iterable<string>,
  attributionByCountry: Readonly<Record<string, string>>,
  selected?: { pais?: string; attribution?: string } | null,
): string | undefined {
  const texts = new Map<string, string>();
  for (const code of [...countriesInView].sort()) {
    const text = attributionByCountry[code];
    if (text) texts.set(code, text);
  }
  // A selected parcel credits its own answer's text even before the status has arrived.
  if (selected?.pais && selected.attribution && !texts.has(selected.pais)) texts.set(selected.pais, selected.attribution);
  const unique = [...new Set(texts.values())];
  return unique.length > 0 ? unique.join(' · ') : undefined;
}

/** The distinct `country` properties of rendered parcel features. */
export function countriesOf(features: readonly { properties?: Record<string, unknown> | null }[]): Set<string> {
  const codes = new Set<string>();
  for (const feature of features) {
    const code = feature.properties?.country;
    if (typeof code === 'string' && code) codes.add(code);
  }
  return codes;
}
