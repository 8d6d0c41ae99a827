import { describe, expect, it } from 'vitest';
import { combineScore } from '../../../core/analysis/score.js';
import type { GroundMotionResult, SolarAvailable, TerrainResult } from '../../../core/analysis/types.js';

const solar = { disponible: true, nota_solar: 8 } as SolarAvailable;
const terrain = (status: 'ok' | 'no_data', pct: number) => ({ protected_areas: { status, max_overlap_pct: pct } }) as TerrainResult;
const motion = (cls: string) => ({ status: 'ok', ground_motion: { class: cls } }) as GroundMotionResult;

describe('investment score', () => {
  it('weights 35/25/25/15 over the known components', () => {
    const result = combineScore({
      solar,
      terrain: terrain('ok', 40),
      groundMotion: motion('slight_subsidence'),
      agro: {
        cultivo_principal: 'olivar',
        uso_suelo: 'Olivar',
        coef_regadio: 100,
        recinto: { provincia: 41, municipio: 86, poligono: 1, parcela: 1, recinto: 1, pendiente_media: 30 },
      },
    });
    // solar 80, terreno 60, motion 70, agro (50 + 50) × (1 − 30/60) = 50
    expect(result).toMatchObject({ disponible: true, puntuacion: Math.round(((35 * 80 + 25 * 60 + 25 * 70 + 15 * 50) / 100) * 10) / 10, sin_datos: [] });
  });

  it('renormalises over what is known and lists the rest', () => {
    const result = combineScore({ solar, terrain: terrain('no_data', 0), groundMotion: { status: 'no_data' } as GroundMotionResult, agro: null });
    expect(result).toMatchObject({ disponible: true, puntuacion: 80, sin_datos: ['terreno', 'movimiento_suelo', 'agro'] });
  });

  it('nothing known: disponible false', () => {
    expect(combineScore({ solar: { disponible: false, estado: 'sin_datos' } })).toMatchObject({
      disponible: false,
      sin_datos: ['solar', 'terreno', 'movimiento_suelo', 'agro'],
    });
  });
});
