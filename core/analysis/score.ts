import type { AgroResult, GroundMotionResult, ScoreComponent, ScoreResult, SolarResult, TerrainResult } from './types.js';

/** Weights of the investment score (they sum to 100; missing components are left out and the rest renormalised). */
export const SCORE_WEIGHTS: Readonly<Record<ScoreComponent['nombre'], number>> = {
  solar: 35,
  terreno: 25,
  movimiento_suelo: 25,
  agro: 15,
};

export const SCORE_METHOD =
  'Weighted mean of the known components (0-100): solar = nota_solar x 10 (weight 35); terreno = 100 - max_overlap_pct of protected areas (25); ' +
  'movimiento_suelo by ground-motion class: stable 100, slight 70, moderate 40, severe 10 (25); ' +
  'agro (rural parcels) = (50 + 50 x coef_regadio/100) x (1 - min(pendiente_media, 30)/60) (15). Components without data are listed in sin_datos.';

const MOTION_SCORE: Record<string, number> = { stable: 100, slight: 70, moderate: 40, severe: 10 };

export interface ScoreInputs {
  solar?: SolarResult;
  terrain?: TerrainResult;
  groundMotion?: GroundMotionResult;
  agro?: AgroResult | null;
}

/** Component scores (0–100) of whatever is known. */
export function componentScores(inputs: ScoreInputs): Partial<Record<ScoreComponent['nombre'], number>> {
  const scores: Partial<Record<ScoreComponent['nombre'], number>> = {};
  if (inputs.solar?.disponible) scores.solar = inputs.solar.nota_solar * 10;
  if (inputs.terrain?.protected_areas.status === 'ok') scores.terreno = 100 - inputs.terrain.protected_areas.max_overlap_pct;
  if (inputs.groundMotion?.status === 'ok' && inputs.groundMotion.ground_motion) {
    scores.movimiento_suelo = MOTION_SCORE[inputs.groundMotion.ground_motion.class.split('_')[0]] ?? 0;
  }
  const agro = inputs.agro;
  if (agro?.recinto && typeof agro.coef_regadio === 'number') {
    const irrigation = Math.min(100, Math.max(0, agro.coef_regadio)) / 100;
    const slope = Math.min(30, Math.max(0, agro.recinto.pendiente_media ?? 0));
    scores.agro = (50 + 50 * irrigation) * (1 - slope / 60);
  }
  return scores;
}

/** The score answer: `disponible: false` (a free answer) when no component is known. */
export function combineScore(inputs: ScoreInputs): ScoreResult {
  const scores = componentScores(inputs);
  const names = Object.keys(SCORE_WEIGHTS) as ScoreComponent['nombre'][];
  const known = names.filter((n) => scores[n] !== undefined);
  const missing = names.filter((n) => scores[n] === undefined);
  if (known.length === 0) return { disponible: false, sin_datos: missing, metodo: SCORE_METHOD };
  const totalWeight = known.reduce((sum, n) => sum + SCORE_WEIGHTS[n], 0);
  const value = known.reduce((sum, n) => sum + SCORE_WEIGHTS[n] * scores[n]!, 0) / totalWeight;
  return {
    disponible: true,
    puntuacion: Math.round(value * 10) / 10,
    componentes: known.map((n) => ({ nombre: n, puntuacion: Math.round(scores[n]! * 10) / 10, peso: SCORE_WEIGHTS[n] })),
    sin_datos: missing,
    metodo: SCORE_METHOD,
  };
}
