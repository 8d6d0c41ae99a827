import type { CountryCode, LonLat } from '../model/index.js';

/**
 * The parcel `catastro sources check` asks of each country's live sources, one lookup per
 * capability. `ref` is one of the country's evidence references (core/countries/<cc>/evidence.ts;
 * test/unit/status/check-parcels.test.ts holds it to that), chosen among those the test fakes
 * answer, so the check passes against the fakes and proves the real service where one answers.
 */
export interface CheckParcel {
  ref: string;
  /**
   * Key fields of the answer a real service gave (the recording named in `from`), compared within
   * tolerance (lookup-comparison.ts). Only for countries whose lookup by reference was recorded:
   * a parcel written by hand has no area or centre a real service could be held to.
   */
  recorded?: { areaM2: number; centre: LonLat; municipality?: string; from: string };
  /**
   * The point asked by coordinates: where it was recorded (Spain's Consulta_RCCOOR), or for a
   * country answering by coordinates but not by reference. Otherwise a point inside the outline the
   * lookup by reference answered.
   */
  point?: LonLat;
  /** The reference the recorded point answered, where it is not `ref` as asked by reference (Italy's recording). */
  pointAnswers?: string;
  /** A real address on the country's address search, for the lookup by address (the fakes know the same places). */
  address?: string;
  /** Finca with units (coverage.units), and how many the recording lists. */
  units?: { ref: string; count: number; from: string };
}

export const CHECK_PARCELS: Readonly<Record<CountryCode, CheckParcel>> = {
  ES: {
    ref: '9398516VK3799G',
    recorded: {
      areaM2: 1536,
      centre: [-3.716576, 40.465448],
      municipality: 'MADRID',
      from: 'es_catastro_wfs_getparcel_9398516VK3799G.gml (areaValue, outline), es_catastro_ovc-dnprc-urbana-9398516VK3799G.json (municipality)',
    },
    // The recorded Consulta_RCCOOR point (EPSG:25830 439242.88 4479664.51), which answered 9398516VK3799G.
    point: [-3.7166641, 40.4654338],
    address: 'Avenida Fuenlabrada 6, Humanes de Madrid',
    units: { ref: '9398516VK3799G', count: 18, from: 'es_catastro_ovc-dnprc-urbana-9398516VK3799G.json (cudnp)' },
  },
  FR: {
    ref: '29158000AW0001',
    recorded: {
      areaM2: 1968,
      centre: [-4.365777, 47.805383],
      municipality: 'Penmarch',
      from: 'core/countries/fr/test/recordings/fr_apicarto_cadastre_parcelle_29158000AW0001.json (contenance, outline, nom_com)',
    },
    address: "3 rue de l'école 13",
  },
  PL: {
    ref: '141201_1.0001.6509',
    recorded: {
      areaM2: 2645,
      centre: [21.589868, 52.172007],
      municipality: 'Mińsk Mazowiecki',
      from: 'core/countries/pl/test/recordings/pl_uldk_getparcelbyid_141201_1.0001.6509_from_test.txt (outline, gmina)',
    },
    address: 'Kościuszki 1, Mińsk Mazowiecki',
  },
  NL: { ref: 'ASD04-F-2749', address: 'Nieuwezijds Voorburgwal 147 Amsterdam' },
  IT: {
    ref: 'I615W000200.STRADA001',
    recorded: {
      areaM2: 4.31,
      centre: [9.130109, 39.548411],
      from: 'core/countries/it/test/recordings/it_ade_wfs_getfeature_cp_A000W000200.STRADA001.gml (outline; the comune code A000 read as I615)',
    },
    // Inside the recorded triangle; the point lookup answered the recording as it is, comune A000.
    point: [9.130109, 39.548411],
    pointAnswers: 'A000W000200.STRADA001',
    // The only Italian recording is a piece of road, which the spec never answers (rule 3): the fakes cannot prove this row.
    address: 'Via Roma 1, Senorbì',
  },
  CZ: { ref: '727024-542', address: 'Karlova 5, Praha' },
  PV: {
    ref: '8594149',
    recorded: { areaM2: 13201, centre: [-1.943934, 43.294579], from: 'es-pv_gipuzkoa-b5m-wfs_getfeature_cp_8594149.xml (area, outline)' },
  },
  NA: {
    ref: '001010001',
    recorded: { areaM2: 101.28, centre: [-2.141323, 42.648555], from: 'es-na_idena-inspire-wfs_getfeature_cp_001010001.xml (areaValue, outline)' },
  },
  LU: {
    ref: '075F00137000000',
    recorded: {
      areaM2: 140.92,
      centre: [6.129276, 49.611834],
      from: 'core/countries/lu/test/recordings/lu_inspire_cp_wfs_getfeature_bbox_luxembourg_075F.json (areaValue, outline)',
    },
    address: '2 boulevard Royal luxembourg',
  },
  DK: { ref: '2000178-13', address: 'Mikkel Bryggers Gade 1, 1460 København K' },
  EE: { ref: '78401:114:0086', address: 'Raekoja plats 1, Tallinn' },
  LV: { ref: '01000070162', address: 'Pils iela 3, Rīga' },
  LT: { ref: '0101/0039:1406', address: 'Gedimino prospektas 11, Vilnius' },
  SI: { ref: '1725-3274/13', address: 'Prešernov trg 2, Ljubljana' },
  SK: { ref: '804959_2158/2.C', address: 'Obchodná 12, Bratislava' },
  BG: { ref: '68134.100.5', address: 'бул. Витоша 15, София' },
  GR: { ref: '050095701001', address: 'Ερμού 10, Αθήνα' },
  CY: { ref: '1-21/43-0-123', address: 'Λεωφόρος Μακαρίου Γ΄, Λευκωσία' },
  IE: { ref: '2577972', address: '1 Dame Street, Dublin' },
  PT: { ref: 'AAA000336903', address: 'Rua Barão de Viamonte 5, Leiria' },
  HR: { ref: '335240-2379', point: [15.9819, 45.815] },
  SE: { ref: '1264A7F3C' },
  LI: { ref: '7011-1234', address: 'Städtle 10, Vaduz' },
  IS: { ref: '102345', address: 'Laugavegur 1, Reykjavík' },
  UK: { ref: '5503317', point: [-3.1883, 55.9533], address: '1 High Street, Edinburgh' },
  DE: { ref: '05111200100123______', address: 'Pariser Platz 1, Berlin' },
  FI: { ref: '91-410-3-44', address: 'Aleksanterinkatu 20, Helsinki' },
  NO: { ref: '0301-208/646', address: 'Karl Johans gate 22, Oslo' },
  BE: { ref: '21004C0512/00B000', address: 'Grand-Place 1, Bruxelles' },
  CH: { ref: 'CH119192997709', address: 'Bundesplatz 3, Bern' },
  // No lookup by reference (docs/coverage.md): the point of Stephansplatz, the status page's.
  AT: { ref: '01004-1711', point: [16.3725, 48.2083], address: 'Stephansplatz 3, Wien' },
};
