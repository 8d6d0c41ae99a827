import type { CatastroClient } from '../client/catastro-client.js';
import { createClient } from '../client/create-client.js';
import { askFirstViewAreas } from '../map/first-view-areas.js';

/**
 * The app's one client (HTTP with its key, or the desktop's IPC), made as the page's first module
 * is evaluated, and the copy's areas asked through it at once: main.tsx imports this before
 * MapLibre, so the areas' answer is on its way while MapLibre's code is evaluated.
 */
export const client: CatastroClient = createClient();
askFirstViewAreas(client);
