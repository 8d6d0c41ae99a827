import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationError } from '../../model/index.js';
import { pathOf } from './paths.js';

export interface ApiVersionPluginOptions {
  /** The one version the server speaks (core/service.ts API_VERSION, `2026-10-01`). */
  version: string;
}

/**
 * Version selection (the spec names the version `2026-10-01` but not how to pick it): a client
 * pins a version with the request header `X-API-Version: 2026-10-01`. Without the header it
 * gets the current (only) version. Any other value answers 400 VALIDATION_ERROR naming the
 * supported version, so a client pinned to a version the server no longer speaks fails loudly
 * instead of misreading fields. The answer always carries `X-API-Version` (set by the server).
 */
async function apiVersionPlugin(app: FastifyInstance, options: ApiVersionPluginOptions): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const path = pathOf(request.url);
    if (path !== '/api' && !path.startsWith('/api/')) return;
    const raw = request.headers['x-api-version'];
    const requested = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (requested === undefined || requested === '' || requested === options.version) return;
    throw validationError(`Unsupported API version '${requested.slice(0, 40)}' in X-API-Version; this server speaks ${options.version} only.`, {
      supportedVersions: [options.version],
    });
  });
}

export default fp(apiVersionPlugin, { fastify: '5.x', name: 'catastro-api-version' });
