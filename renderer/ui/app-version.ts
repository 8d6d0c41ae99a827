// package.json's version, the one source also of the About box and `catastro --version`
// (core/app-files.ts). Vite keeps only this field of the file in the bundle.
import { version } from '../../package.json';

export const APP_VERSION: string = version;
