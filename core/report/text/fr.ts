import type { ReportText } from './report-text.js';

export const fr: ReportText = {
  heading: 'RAPPORT DE PARCELLE CADASTRALE',
  documentTitle: (ref) => `Rapport de la parcelle ${ref}`,
  generated: (when) => `Généré le ${when} UTC`,
  fields: {
    refCatastral: 'Référence cadastrale', pais: 'Pays', direccion: 'Adresse', codigoPostal: 'Code postal', municipio: 'Commune',
    provincia: 'Province', poligonoParcela: 'Polígono / parcela', paraje: 'Lieu-dit (paraje)', latitud: 'Latitude (centroïde)',
    longitud: 'Longitude (centroïde)', uso: 'Usage', clase: 'Classe', superficieParcela: 'Surface de la parcelle', superficieConstruida: 'Surface bâtie',
    anioConstruccion: 'Année de construction', coefParticipacion: 'Quote-part de la finca', participacion: 'Quote-part', escalera: 'Escalier',
    planta: 'Étage', puerta: 'Porte', dataSource: 'Origine des données', dataDate: 'Date des données', attribution: 'Propriétaire des données', mapsUrl: 'Lien de carte',
  },
  poligonoParcela: (poligono, parcela) => `polígono ${poligono}, parcela ${parcela}`,
  sources: { clone: 'copie locale du cadastre national', local_clone: 'copie locale du cadastre national', catastro: 'lu en direct au cadastre national', notStated: 'non indiquée' },
  sections: { parcel: 'Parcelle', units: 'Lots de la finca', outline: (n) => `Contour (WGS84, lon / lat), sommets : ${n}`, hazards: 'Risques et analyses (déjà calculés)' },
  moreVertices: (n) => `… et ${n} de plus : exportez en GeoJSON ou GeoPackage pour le contour complet.`,
  units: {
    count: 'Lots', totalBuilt: 'Surface bâtie totale',
    needsConnection: 'La liste des lots vient du Catastro, qui n’a pas pu être interrogé (pas de connexion).',
    failed: 'La liste des lots n’a pas pu être lue au Catastro.',
    copyKnows: 'La copie locale indique :', use: 'Usage', builtArea: 'Surface bâtie', year: 'Année de construction',
    dwellings: 'Logements déclarés', buildingUnits: 'Lots déclarés',
  },
  neighboursUnavailable: 'Parcelles voisines non dessinées : le cadastre n’a pas pu être interrogé.',
  protectedAreas: {
    label: 'Espaces protégés', noLayer: 'aucune couche importée', none: 'aucun ne recoupe',
    inside: (pct) => `à l’intérieur ; jusqu’à ${pct} % de la parcelle`, overlaps: (pct) => `recoupe ; jusqu’à ${pct} % de la parcelle`,
  },
  groundMotion: {
    label: 'Mouvements du sol (EGMS)',
    noLayerLoaded: 'aucune couche de mouvements du sol chargée pour cette zone',
    noReflector: 'aucun réflecteur satellite sur cette parcelle (des données sont chargées à proximité)',
    summary: (c, v, period) => `${c} ; vertical ${v} mm/an (${period})`,
    detail: (worst, sub, cov) => `pire ${worst} ; affaissement max. ${sub} mm/an ; ${cov} % couvert`,
    classes: {
      severe_subsidence: 'affaissement fort', moderate_subsidence: 'affaissement modéré', slight_subsidence: 'affaissement léger', stable: 'stable',
      slight_uplift: 'soulèvement léger', moderate_uplift: 'soulèvement modéré', severe_uplift: 'soulèvement fort',
    },
  },
  solar: {
    label: 'Solaire (PVGIS)', noData: 'pas de données en ce point',
    summary: (kwh, kwp, irr) => `${kwh} kWh/an avec ${kwp} kWc ; irradiation ${irr} kWh/m²/an`,
    detail: (saving, payback, co2) => `économie ${saving} €/an ; retour sur investissement ${payback} ans ; ${co2} kg CO2/an évités`,
  },
  scale: (d) => `Échelle 1:${d} (A4)`,
  footerSource: (date, source) => `Date des données ${date} · Origine : ${source}`,
  footerOwner: (owner) => `© ${owner}. Données telles que publiées par leur propriétaire ; ce rapport n’est pas un extrait cadastral certifié.`,
  ownerFallback: (country) => `le cadastre national de ${country}`,
  viewer: (url) => `Visualiseur officiel : ${url}`,
};
