import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationError } from '../../model/index.js';

export interface ApiVersionPluginOptions {
  /** The one version the server speaks (core/service.ts API_VERSION, `2026-10-01`). */
  version: string;
}

/**
 * Version selection (the spec names the version `2026-10-01` but not how to pick it): a client
 * pins a version with the request header `X-API-Version: 2026-10-01`. Without the header it
 * gets the current (only) version. Any other value answers 400 VALIDATION_ERROR naming the
 * supported version, so a client pinned to a version the server no longer speaks fails loudly
 * instead of misreading fields. Every answer carries `X-API-Version`, set here before anything can fail.
 */
async function apiVersionPlugin(app: FastifyInstance, options: ApiVersionPluginOptions): Promise<void> {
  // Callback style and the header looked at first: this runs on every request, and most carry no
  // X-API-Version at all (an async hook costs a promise per request; measured on the hot path).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-API-Version', options.version);
    const raw = request.headers['x-api-version'];
    const requested = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (requested === undefined || requested === '' || requested === options.version) return done();
    // Decided on the matched route (the static app is not an API call); unmatched requests are checked too.
    const route = request.routeOptions.url;
    if (route !== undefined && route !== '/api' && !route.startsWith('/api/')) return done();
    done(
      validationError(`Unsupported API version '${requested.slice(0, 40)}' in X-API-Version; this server speaks ${options.version} only.`, {
        supportedVersions: [options.version],
      }),
    );
  });
}

export default fp(apiVersionPlugin, { fastify: '5.x', name: 'catastro-api-version' });
