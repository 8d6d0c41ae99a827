import type { CopyExtent } from '../../core/model/index.js';
import type { CatastroClient } from '../client/catastro-client.js';

/**
 * The copy's areas decide the first view (start-view.ts). Asked for as the app starts, before React
 * and the map exist, they are there when the map is made, which then opens on them at once: asked
 * at the map's load, they came after its first tiles, and the jump to the largest area fetched and
 * drew a second round of them (docs/performance.md "Renderer").
 */
let asked: Promise<CopyExtent[]> | null = null;

export function askFirstViewAreas(client: Pick<CatastroClient, 'call'>): void {
  asked = client.call('extents');
  asked.catch(() => undefined); // the map asks again, or keeps its default view
}

/** The areas asked for at start (once), else asked now. */
export function copyAreas(client: Pick<CatastroClient, 'call'>): Promise<CopyExtent[]> {
  const answer = asked ?? client.call('extents');
  asked = null;
  return answer;
}
