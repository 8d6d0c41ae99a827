import type { ReportText } from './report-text.js';

export const pl: ReportText = {
  heading: 'RAPORT DZIAŁKI KATASTRALNEJ',
  documentTitle: (ref) => `Raport działki ${ref}`,
  generated: (when) => `Wygenerowano ${when} UTC`,
  fields: {
    refCatastral: 'Identyfikator katastralny', pais: 'Kraj', direccion: 'Adres', codigoPostal: 'Kod pocztowy', municipio: 'Gmina',
    provincia: 'Prowincja', poligonoParcela: 'Polígono / parcela', paraje: 'Nazwa miejscowa (paraje)', latitud: 'Szerokość (centroid)',
    longitud: 'Długość (centroid)', uso: 'Użytkowanie', clase: 'Klasa', superficieParcela: 'Powierzchnia działki', superficieConstruida: 'Powierzchnia zabudowy',
    anioConstruccion: 'Rok budowy', coefParticipacion: 'Udział we współwłasności', participacion: 'Udział', escalera: 'Klatka',
    planta: 'Piętro', puerta: 'Drzwi', dataSource: 'Źródło danych', dataDate: 'Data danych', attribution: 'Właściciel danych', mapsUrl: 'Link do mapy',
  },
  poligonoParcela: (poligono, parcela) => `polígono ${poligono}, parcela ${parcela}`,
  sources: { clone: 'kopia lokalna krajowego katastru', local_clone: 'kopia lokalna krajowego katastru', catastro: 'odczytane na żywo z krajowego katastru', notStated: 'nie podano' },
  sections: { parcel: 'Działka', units: 'Lokale nieruchomości', outline: (n) => `Obrys (WGS84, dł. / szer.), wierzchołki: ${n}`, hazards: 'Zagrożenia i analizy (już obliczone)' },
  moreVertices: (n) => `… i jeszcze ${n}: pełny obrys w eksporcie GeoJSON lub GeoPackage.`,
  units: {
    count: 'Lokale', totalBuilt: 'Łączna powierzchnia zabudowy',
    needsConnection: 'Lista lokali pochodzi z Catastro, o które nie można było zapytać (brak połączenia).',
    failed: 'Nie udało się odczytać listy lokali z Catastro.',
    copyKnows: 'Kopia lokalna podaje:', use: 'Użytkowanie', builtArea: 'Powierzchnia zabudowy', year: 'Rok budowy',
    dwellings: 'Zadeklarowane mieszkania', buildingUnits: 'Zadeklarowane lokale',
  },
  neighboursUnavailable: 'Działki sąsiednie nie narysowane: nie można było zapytać katastru.',
  protectedAreas: {
    label: 'Obszary chronione', noLayer: 'nie zaimportowano warstwy', none: 'brak nakładania',
    inside: (pct) => `wewnątrz; do ${pct} % działki`, overlaps: (pct) => `nakłada się; do ${pct} % działki`,
  },
  groundMotion: {
    label: 'Ruchy gruntu (EGMS)',
    noLayerLoaded: 'nie wczytano warstwy ruchów gruntu dla tego obszaru',
    noReflector: 'brak reflektora satelitarnego na tej działce (dane w pobliżu są wczytane)',
    summary: (c, v, period) => `${c}; pionowo ${v} mm/rok (${period})`,
    detail: (worst, sub, cov) => `najgorzej ${worst}; maks. osiadanie ${sub} mm/rok; pokrycie ${cov} %`,
    classes: {
      severe_subsidence: 'silne osiadanie', moderate_subsidence: 'umiarkowane osiadanie', slight_subsidence: 'lekkie osiadanie', stable: 'stabilnie',
      slight_uplift: 'lekkie wypiętrzanie', moderate_uplift: 'umiarkowane wypiętrzanie', severe_uplift: 'silne wypiętrzanie',
    },
  },
  solar: {
    label: 'Energia słoneczna (PVGIS)', noData: 'brak danych w tym punkcie',
    summary: (kwh, kwp, irr) => `${kwh} kWh/rok z ${kwp} kWp; nasłonecznienie ${irr} kWh/m²/rok`,
    detail: (saving, payback, co2) => `oszczędność ${saving} €/rok; zwrot ${payback} lat; ${co2} kg CO2/rok mniej`,
  },
  scale: (d) => `Skala 1:${d} (A4)`,
  footerSource: (date, source) => `Data danych ${date} · Źródło: ${source}`,
  footerOwner: (owner) => `© ${owner}. Dane w postaci opublikowanej przez właściciela; ten raport nie jest poświadczonym wypisem z katastru.`,
  ownerFallback: (country) => `krajowy kataster (${country})`,
  viewer: (url) => `Oficjalna przeglądarka: ${url}`,
};
