import { ROUTES } from '../../core/api/plugins/paths.js';
import { quotaCost } from '../../core/api/plugins/quota-cost.js';

/** What the API charges for a 200 answer carrying this analysis `data` (the quota plugin's own rule). */
export function chargedUnits(kind: 'solar' | 'agro' | 'score' | 'market' | 'terrain' | 'ground-motion', data: unknown): number {
  return quotaCost({ route: ROUTES[kind === 'ground-motion' ? 'groundMotion' : kind], status: 200, body: { success: true, data }, override: undefined });
}
