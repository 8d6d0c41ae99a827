import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { openAccessStores } from '../auth/access-stores.js';
import { validationError } from '../model/index.js';
import { API_VERSION, type CatastroService } from '../service.js';
import { DEFAULT_CONNECTION_LIMITS, limitConnectionsPerAddress, type ConnectionLimits } from './connection-limits.js';
import { handleClientError, handleError, handleNotFound } from './envelope.js';
import { useJsonBodyParser } from './json-body.js';
import { isLoopbackHost, refuseConnect, refuseExpectation, requireHostHeader, requireServedHost, servedHostNames } from './protocol-refusals.js';
import apiAccessPlugin from './plugins/access.js';
import { corsWildcardRefusal } from './cors-origins.js';
import corsPlugin from './plugins/cors.js';
import { trustedProxiesRefusal, trustedProxyMatcher, trustedProxyRefusal } from './trusted-proxies.js';
import { OPEN_ROUTE } from './plugins/route-access.js';
import { addressRoutes } from './routes/address.js';
import { analysisRoutes } from './routes/analysis.js';
import { appImportRoutes } from './routes/app-import.js';
import { appLayerRoutes } from './routes/app-layers.js';
import { appOfflineRoutes } from './routes/app-offline.js';
import { appSourcesCheckRoutes } from './routes/app-sources-check.js';
import { removeStaleUploads } from './routes/uploads.js';
import { catastroRoutes } from './routes/catastro.js';
import { basemapRoutes } from './routes/basemap.js';
import { batchRoutes } from './routes/batch.js';
import { exportRoutes } from './routes/export.js';
import { mapRoutes } from './routes/map.js';
import { searchRoutes } from './routes/search.js';
import { TurnBatch } from './turn-batch.js';
import { statusRoutes } from './routes/status.js';

export interface ApiServerOptions {
  service: CatastroService;
  /** Built renderer to serve at `/` (the same app that runs in Electron). */
  staticDir?: string;
  /** An offline basemap (PMTiles) the app shows as background: GET /api/basemap.pmtiles. */
  basemapFile?: string;
  logger?: boolean;
  /**
   * `keys` (default): every metered /api/ call needs X-API-Key, with quotas (spec:
   * Authentication, Limits). `off`: the desktop app's own local server, trusted user.
   */
  auth?: 'keys' | 'off';
  /** Folder of the keys-and-usage database; defaults to the folder of the service's copy. */
  accessDataDir?: string;
  /** Timeouts and the bound of connections per client address (defaults: DEFAULT_CONNECTION_LIMITS). */
  limits?: Partial<ConnectionLimits>;
  /** Free per-IP daily allowance for calls without a key (operator's choice; off by default). */
  freeTier?: { perIpDaily: number };
  /**
   * `catastro start` in a browser: the session token that opens the app's own actions (offline
   * areas, routes/app-offline.ts). Without it those routes do not exist.
   */
  appSession?: string;
  /**
   * Origins whose web pages may call the API (`serve --cors-origin`, plugins/cors.ts): exact
   * origins, or `*` when every call needs a key. None (the default): no CORS at all.
   */
  corsOrigins?: readonly string[];
  /**
   * Reverse proxies in front of the server (`serve --trust-proxy`, trusted-proxies.ts): addresses
   * or networks. From them the caller's address is read from X-Forwarded-For. None (the default):
   * the connection's address is the caller's.
   */
  trustedProxies?: readonly string[];
  /**
   * Host names a request may name (protocol-refusals.ts, requireServedHost); any when undefined.
   * startApiServer sets them for a keyless server on a loopback address (DNS rebinding).
   */
  servedHosts?: ReadonlySet<string>;
}

/**
 * A context whose every route is declared open (the API description and the static app, whose
 * routes are registered by plugins that take no route config): access stays decided per route.
 */
function openRoutes(register: (context: FastifyInstance) => Promise<void>) {
  return async (context: FastifyInstance) => {
    context.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'open' };
    });
    await register(context);
  };
}

/** The HTTP API as a fastify app: routes are thin, each calls one facade method. */
export async function buildApiServer(options: ApiServerOptions): Promise<FastifyInstance> {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
  const corsOrigins = options.corsOrigins ?? [];
  const wildcardRefused = corsWildcardRefusal(corsOrigins, { auth: options.auth ?? 'keys', freeTier: options.freeTier });
  if (wildcardRefused) throw validationError(wildcardRefused);
  const trustedProxies = options.trustedProxies ?? [];
  const proxyRefused = trustedProxies.map(trustedProxyRefusal).find((reason) => reason !== undefined) ?? trustedProxiesRefusal(trustedProxies);
  if (proxyRefused) throw validationError(proxyRefused);
  const app = Fastify({
    trustProxy: trustedProxies.length > 0 ? [...trustedProxies] : false,
    logger: options.logger ?? false,
    // Slow clients are cut (Node's own checks, every second): a request must arrive whole in time.
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.idleMs,
    keepAliveTimeout: limits.keepAliveMs,
    http: {
      headersTimeout: limits.headersMs,
      requestTimeout: limits.requestMs,
      connectionsCheckingInterval: 1_000,
      // Node's bare 400 for an HTTP/1.1 request without Host is answered in the envelope instead (protocol-refusals.ts).
      requireHostHeader: false,
    },
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 10_000 }, // long values must reach the facade and get its 400, not a route 404
    // The facade re-checks semantics; schema coercion would turn "abc" into NaN silently.
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
    // A URL the router cannot decode (`/api/catastro/%ZZ`) and parser errors (431) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      reply.header('X-API-Version', API_VERSION);
      handleError(error, request, reply);
    },
    clientErrorHandler: handleClientError,
  });

  limitConnectionsPerAddress(app.server, limits.perAddress, trustedProxies.length > 0 ? trustedProxyMatcher(trustedProxies) : undefined);
  app.server.on('checkExpectation', refuseExpectation);
  app.server.on('connect', refuseConnect);
  // First of the hooks, for every route: a request without Host is malformed whatever its key.
  app.addHook('onRequest', requireHostHeader);
  if (options.servedHosts) app.addHook('onRequest', requireServedHost(options.servedHosts));

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Catastro Desktop API',
        version: API_VERSION,
        description: 'Cadastral parcel lookup service; the contract is docs/service-spec.md in the repository.',
      },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    },
  });
  await app.register(
    openRoutes(async (docs) => {
      await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    }),
  );

  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  useJsonBodyParser(app);
  // Before the access layer: a preflight carries no key and is answered (or not) before auth runs.
  if (corsOrigins.length > 0) await app.register(corsPlugin, { origins: corsOrigins });
  // Keys and usage in their own file beside the copy, on their own connection (access-db.ts);
  // on a team store, in its database, so every server process checks the same keys and counts one quota.
  const access = openAccessStores(options.accessDataDir ? { dataDir: options.accessDataDir } : options.service.store.accessLocation());
  app.addHook('onClose', async () => access.close());
  await app.register(apiAccessPlugin, {
    auth: options.auth ?? 'keys',
    access,
    version: API_VERSION,
    freeTier: options.freeTier,
    appSession: options.appSession,
    // Batches started here charge their rows answered by an official source to the same quota.
    onBatchMeter: (meter) => {
      options.service.batches.useMeter(meter);
      app.addHook('onClose', async () => {
        options.service.batches.useMeter(undefined);
      });
    },
  });

  // One batch of lookups per turn for every route that batches them (turn-batch.ts).
  const deps = { service: options.service, lookups: new TurnBatch() };
  await app.register(addressRoutes, { service: options.service });
  await app.register(catastroRoutes, deps);
  await app.register(searchRoutes, deps);
  await app.register(exportRoutes, deps);
  await app.register(batchRoutes, deps);
  await app.register(basemapRoutes, { file: options.basemapFile });
  await app.register(mapRoutes, deps);
  await app.register(analysisRoutes, deps);
  await app.register(statusRoutes, deps);
  if (options.appSession) {
    await removeStaleUploads(options.service.dataDir);
    await app.register(appOfflineRoutes, deps);
    await app.register(appImportRoutes, deps);
    await app.register(appLayerRoutes, deps);
    await app.register(appSourcesCheckRoutes, deps);
  }
  app.get('/api/openapi.json', { schema: { hide: true }, config: OPEN_ROUTE }, async () => app.swagger());

  const staticDir = options.staticDir;
  if (staticDir && existsSync(path.join(staticDir, 'index.html'))) {
    await app.register(
      openRoutes(async (files) => {
        await files.register(fastifyStatic, { root: path.resolve(staticDir), prefix: '/', wildcard: false });
      }),
    );
  }
  return app;
}

export interface StartedServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startApiServer(options: ApiServerOptions & { host?: string; port?: number }): Promise<StartedServer> {
  const host = options.host ?? '127.0.0.1';
  // Keyless on this machine only: a page elsewhere whose name resolves here must not drive it. With
  // keys, a page has none; on another address, the network reaches it anyway (start refuses that).
  const keyless = (options.auth ?? 'keys') === 'off';
  const servedHosts = options.servedHosts ?? (keyless && isLoopbackHost(host) ? servedHostNames(host) : undefined);
  const app = await buildApiServer({ ...options, servedHosts });
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { app, url: `http://${host}:${port}`, close: () => app.close() };
}
