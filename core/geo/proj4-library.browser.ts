// proj4 for the renderer's bundle, which cannot load node:module (see proj4-library.ts).
import proj4 from 'proj4';

export { proj4 };
