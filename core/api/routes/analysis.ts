import type { FastifyInstance } from 'fastify';
import type { AnalysisKind } from '../../model/index.js';
import type { CatastroService } from '../../service.js';
import type { CountryQueryT, RefcatParamsT } from '../../model/http-schemas.js';
import { operationRoutes } from '../operation-route.js';

const SUMMARIES: Record<AnalysisKind, { summary: string; tag: string }> = {
  solar: { summary: 'Solar potential (PVGIS)', tag: 'Analysis' },
  agro: { summary: 'Agricultural data (SIGPAC), rural parcels', tag: 'Analysis' },
  terrain: { summary: 'Protected-area overlap (Natura 2000)', tag: 'Hazards' },
  'ground-motion': { summary: 'Satellite ground motion (EGMS)', tag: 'Hazards' },
  score: { summary: 'Investment score from the analyses', tag: 'Analysis' },
  market: { summary: 'Market data (web application only)', tag: 'Analysis' },
};

/**
 * Endpoints 7–10 and 12: each reads the parcel (copy first) and runs one analysis on its
 * outline. Answers without data cost no quota: the quota plugin reads `disponible: false`,
 * an empty `agro` and an empty score from the body.
 */
export async function analysisRoutes(app: FastifyInstance, { service }: { service: CatastroService }): Promise<void> {
  for (const route of operationRoutes('analysis')) {
    const kind = route.segment.kind as AnalysisKind;
    app.route<{ Params: RefcatParamsT; Querystring: CountryQueryT }>({
      ...route,
      schema: { ...route.schema, tags: [SUMMARIES[kind].tag], summary: SUMMARIES[kind].summary },
      handler: async (request) => ({ success: true, data: await service.analysis(kind, request.params.refcat, request.query.country) }),
    });
  }
}
