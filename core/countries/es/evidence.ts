import type { CountryEvidence } from '../evidence.js';

/** What the tests prove of ES against its real service (core/countries/evidence.ts; docs/coverage.md is written from it). */
export const ES_EVIDENCE: CountryEvidence = {
  source: 'Catastro OVC JSON services (Consulta_DNPRC, Consulta_RCCOOR) and INSPIRE CP WFS (GetParcel, GetNeighbourParcel); CartoCiudad geocoder',
  capabilities: {
    byReference: {
      level: 'recorded',
      fake: 'test/fake-upstream/catastro.ts (OVC Consulta_DNPRC, WFS GetParcel)',
      fixtures: [
        'es_catastro_ovc-dnprc-urbana-9398516VK3799G.json',
        'es_catastro_wfs_getparcel_9398516VK3799G.gml',
        'es_catastro_wfs_getparcel_8429105VK1882N.gml',
        'es_catastro_wfs_getparcel_6362209CF9666S_25831.gml',
      ],
    },
    byCoordinates: {
      level: 'recorded',
      fake: 'test/fake-upstream/catastro.ts (OVC Consulta_RCCOOR)',
      fixtures: ['core/countries/es/test/recordings/es_catastro_ovc-rccoor-ok.json'],
    },
    byAddress: {
      level: 'documented',
      fake: 'test/fake-upstream/cartociudad.ts',
      fixtures: ['analysis/es_cartociudad_es_index_portal_humanes_28073.ndjson.gz'],
      basis:
        "No CartoCiudad HTTP answer was recorded: answers built from the geocoder's real portal index of Humanes de Madrid in the field names SOURCES.md 1.8 documents",
    },
    units: { level: 'recorded', fake: 'test/fake-upstream/catastro.ts (OVC Consulta_DNPRC)', fixtures: ['es_catastro_ovc-dnprc-urbana-9398516VK3799G.json'] },
  },
  extras: {
    'address, use, class, built area, year': {
      level: 'recorded',
      fake: 'test/fake-upstream/catastro.ts (OVC Consulta_DNPRC)',
      fixtures: ['es_catastro_ovc-dnprc-urbana-9398516VK3799G.json'],
    },
  },
  check: {
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
  references: [
    { ref: '9398516VK3799G', from: 'es_catastro_wfs_getparcel_9398516VK3799G.gml' },
    { ref: '8429105VK1882N', from: 'es_catastro_wfs_getparcel_8429105VK1882N.gml' },
    { ref: '6362209CF9666S', from: 'es_catastro_wfs_getparcel_6362209CF9666S_25831.gml' },
    { ref: '6344205CF7664S0001GP', from: 'core/countries/es/test/recordings/es_catastro_ovc_xml_Consulta_DNPRC_6344205CF7664S0001GP_from_test.xml' },
  ],
  knownNotWorking: [
    'A lookup by polígono and parcela (Consulta_DNPPP_Codigos) and a Consulta_DNPRC of a reference without a recording answer shapes written by hand (catastro.ts).',
  ],
};
