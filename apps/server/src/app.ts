import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { createDb, migrateToLatest, type DbHandle } from '@playhouse/db/create-db';
import { createTranslator } from '@playhouse/i18n/node-catalogue';
import { redisPrefix, type Env } from './env.ts';
import { AppError } from './lib/app-error.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  languageFromHeaders,
  registerErrorHandling,
} from './plugins/errors.ts';
import { unavailablePage } from './modules/system/unavailable-page.ts';
import { registerBodyParsers, registerInputGuard } from './plugins/input-guard.ts';
import { registerInternalOnly } from './plugins/internal-only.ts';
import { trackRouteMethods } from './plugins/route-methods.ts';
import { isApiPath, requestTarget } from './lib/request-path.ts';
import { parseQueryString } from './lib/untrusted-input.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerHealth } from './ops/health.ts';
import { logSerializers } from './plugins/log-serializers.ts';
import { createRequestIdGenerator } from './plugins/request-id.ts';
import { registerResponseHeaders, securityHeaders } from './plugins/response-headers.ts';
import { registerRequestContext } from './plugins/request-context.ts';
import { DEFAULT_WEB_DIST, isPlayerSitePath, registerStaticApps } from './plugins/static-apps.ts';
import { createPlayerPage } from './modules/system/player-page.ts';
import { sendShared } from './lib/shared-body.ts';
import { HOME_ALIASES, HOME_PATH } from '@playhouse/contract/site-page';
import { createChangeBus, createServices } from './services.ts';
import { createLiveBus } from './modules/live/live-bus.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { LIVE_MAX_MESSAGE_BYTES } from '@playhouse/contract/live';
import { ensureOperator, ensureSecondBrand } from './modules/operators/seed.ts';
import { seedOperatorContent } from './modules/operators/provision.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { memberTwoFactorRoutes } from './modules/auth/member-two-factor.routes.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { passwordRoutes } from './modules/password/password.routes.ts';
import { memberCentreRoutes } from './modules/members/member-centre.routes.ts';
import { memberAdminRoutes } from './modules/members/member-admin.routes.ts';
import { memberDeskRoutes } from './modules/members/member-desk.routes.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { demoRoutes } from './modules/games/demo.routes.ts';
import { artRoutes } from './modules/games/art.routes.ts';
import { vendorsRoutes } from './modules/games/vendors.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { jackpotRoutes } from './modules/jackpot/jackpot.routes.ts';
import { winnersRoutes } from './modules/winners/winners.routes.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { seamlessRoutes } from './modules/wallet/seamless.routes.ts';
import { transferRoutes } from './modules/wallet/transfer.routes.ts';
import { walletAdminRoutes } from './modules/wallet/wallet-admin.routes.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import { responsibleGamblingRoutes } from './modules/responsible-gambling/responsible-gambling.routes.ts';
import { playRoutes } from './modules/play/play.routes.ts';
import { drawsRoutes } from './modules/draws/draws.routes.ts';
import { createDrawEngine } from './modules/draws/draw-engine.ts';
import { createCommissionJob } from './modules/agents/commission-job.ts';
import { createPeriodicJob } from './lib/periodic-job.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { paymentsAdminRoutes } from './modules/payments/payments-admin.routes.ts';
import { gatewayCallbackRoutes } from './modules/payments/gateway-callback.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { legalRoutes } from './modules/legal/legal.routes.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { agentsRoutes } from './modules/agents/agents.routes.ts';
import { contractsRoutes } from './modules/agents/contracts.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { rewardsAdminRoutes } from './modules/rewards/rewards-admin.routes.ts';
import { vipRoutes } from './modules/vip/vip.routes.ts';
import { vipAdminRoutes } from './modules/vip/vip-admin.routes.ts';
import { createDepositReconciler } from './modules/payments/deposit-reconciler.ts';
import { staffAccountsRoutes } from './modules/backoffice/staff-accounts.routes.ts';
import { registerStaffPermissions } from './plugins/staff-permissions.ts';
import { registerFeatureFlags } from './plugins/feature-flags.ts';
import { registerBackOfficeHost } from './plugins/backoffice-host.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { createPlatformService } from './modules/platform/platform.service.ts';

/** A route as registered: method, pattern and its schemas (body, querystring, params). */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
}

export interface BuildOptions {
  env: Env;
  /** An open database (tests pass one per dialect); otherwise opened from env. */
  database?: DbHandle;
  logger?: FastifyServerOptions['logger'];
  webDist?: string;
  boDist?: string;
}

const API_BODY_LIMIT = 64 * 1024;

/** Builds the whole server without listening, so tests drive it through `app.inject`. */
export async function buildApp(options: BuildOptions) {
  const { env } = options;
  const production = env.NODE_ENV === 'production';
  const t = createTranslator('common');
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL, serializers: logSerializers },
    bodyLimit: API_BODY_LIMIT,
    trustProxy: env.TRUSTED_PROXIES.length ? env.TRUSTED_PROXIES : false,
    // The generator reads x-request-id itself: Fastify's `requestIdHeader` would take it unchecked.
    requestIdHeader: false,
    genReqId: createRequestIdGenerator(),
    // Keys named like prototype members are dropped by every parser (lib/untrusted-input.ts).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200, querystringParser: parseQueryString },
    // What the router or Node's HTTP parser refuses before any hook still answers in the envelope.
    frameworkErrors: frameworkErrorHandler(t, securityHeaders(production)),
    clientErrorHandler: clientErrorHandler(t, securityHeaders(production)),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle =
    options.database ??
    (await createDb({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}),
      poolSize: env.DATABASE_POOL_SIZE,
      poolWaitMs: env.DATABASE_POOL_WAIT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    }));
  await migrateToLatest(handle);
  const seed = await ensureOperator(handle.db, env.PLAYHOUSE_ADMIN_PASSWORD, { demo: env.SEED_DEMO === '1' });
  if (seed.generatedAdminPassword) {
    // Printed once on first start; only its argon2id hash is stored.
    app.log.warn(
      `Back office account created: admin / ${seed.generatedAdminPassword} (shown once; set PLAYHOUSE_ADMIN_PASSWORD to choose it)`,
    );
  }

  const redis = env.REDIS_URL
    ? {
        // Commands issued in one turn of the event loop go out in one write (live events per movement).
        pub: new Redis(env.REDIS_URL, {
          lazyConnect: false,
          maxRetriesPerRequest: 2,
          enableAutoPipelining: true,
        }),
        sub: new Redis(env.REDIS_URL),
      }
    : undefined;
  if (redis) {
    // A lost Redis is reported (at most every 10 s) and retried; /readyz says so meanwhile.
    let lastWarned = 0;
    const warn = (error: Error) => {
      if (Date.now() - lastWarned < 10_000) return;
      lastWarned = Date.now();
      app.log.warn({ err: error }, 'Redis unreachable: retrying');
    };
    redis.pub.on('error', warn);
    redis.sub.on('error', warn);
  }
  const services = await createServices(
    handle.db,
    createChangeBus(redis, redisPrefix(env)),
    {
      smtpUrl: env.SMTP_URL,
      from: env.SMTP_FROM,
      smsGatewayUrl: env.SMS_GATEWAY_URL,
      smsGatewayToken: env.SMS_GATEWAY_TOKEN,
      smsPerIpPerHour: env.SMS_LIMIT_PER_IP_PER_HOUR,
      smsFreePerIp: env.SMS_CAPTCHA_AFTER,
    },
    env.SECRETS_KEY,
    createLiveBus(redis, redisPrefix(env)),
    { loopbackIsDefault: !production, backOfficeHost: env.BACKOFFICE_HOST },
  );
  app.decorate('services', services);
  // The platform console (decision 039): its first owner, `platform`, made once.
  const platform = createPlatformService(handle.db, services);
  app.decorate('platform', platform);
  const platformPassword = await platform.ensureOwner(env.PLATFORM_OWNER_PASSWORD);
  if (platformPassword)
    app.log.warn(
      `Platform console account created: platform / ${platformPassword} (shown once; set PLATFORM_OWNER_PASSWORD to choose it; an authenticator is enrolled at the first sign-in)`,
    );
  // Secrets an earlier version stored in clear are sealed before anything reads them.
  await services.social.sealStoredSecrets();
  if (env.SEED_DEMO === '1') {
    // The demo operator's lobby, vendors' demo credentials, deposit channels, promotions, help and
    // legal texts, VIP ranks and reward missions (each once; operators edit them after).
    await seedOperatorContent(handle.db, services, seed.operatorId, { demo: true });
    // A second demo brand on its own host name, with its own look, languages and money (decision 039).
    if (env.DEMO_SECOND_BRAND !== '0') {
      const made = await ensureSecondBrand(
        handle.db,
        services,
        env.DEMO_SECOND_BRAND,
        env.PLAYHOUSE_ADMIN_PASSWORD,
      );
      if (made?.generatedPassword)
        app.log.warn(
          `Back office account of ${made.code} (http://${env.DEMO_SECOND_BRAND}:${env.PORT}/bo/): admin / ${made.generatedPassword} (shown once)`,
        );
    }
  }
  // A provider at a fixed address; without one, main.ts may start one (demo-provider-process.ts).
  if (env.DEMO_PROVIDER_URL) services.demo.useProvider({ url: env.DEMO_PROVIDER_URL });

  // Waiting gateway deposits whose webhook never came (decision 018); stopped before the database.
  const depositReconciler = createDepositReconciler({
    db: handle.db,
    payments: services.payments,
    log: app.log,
    options: {
      intervalMs: env.PAYMENT_RECONCILE_SECONDS * 1000,
      olderThanMs: env.PAYMENT_RECONCILE_AFTER_MINUTES * 60_000,
    },
  });
  app.decorate('depositReconciler', depositReconciler);
  app.addHook('onReady', async () => depositReconciler.start());
  // Draw games: upcoming draws made and due draws settled on every instance (a lease picks one).
  const drawEngine = createDrawEngine(services.draws, app.log, env.DRAW_ENGINE_MS);
  app.addHook('onReady', async () => drawEngine.start());
  // Agent commissions and half-done team transfers: every instance, a lease per operator picks one.
  const commissionJob = createCommissionJob(services.contracts, app.log, env.AGENT_COMMISSION_SECONDS * 1000);
  app.addHook('onReady', async () => commissionJob.start());
  // The dashboard's and reports' daily totals: new journal entries counted after a watermark (decision 040).
  const reportJob = createPeriodicJob(
    () => services.reportTotals.catchUp(),
    app.log,
    env.REPORT_TOTALS_SECONDS * 1000,
    'report totals pass failed',
  );
  app.addHook('onReady', async () => reportJob.start());

  app.addHook('onClose', async () => {
    await depositReconciler.stop();
    services.live.close();
    await drawEngine.stop();
    await commissionJob.stop();
    await reportJob.stop();
    redis?.pub.disconnect();
    redis?.sub.disconnect();
    if (!options.database) await handle.close();
  });

  // Before the first route, so every route's methods are known to the not-found handler (405).
  const allowedMethods = trackRouteMethods(app);
  // Every route with its methods, for the tests that walk them all (tenant isolation).
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      registeredRoutes.push({ method: String(method).toUpperCase(), url: route.url, schema: route.schema });
  });
  app.decorate('registeredRoutes', () => registeredRoutes as readonly RegisteredRoute[]);
  // Every back-office route declares its permission, checked before its handler (docs/security.md).
  const declaredStaffRoutes = registerStaffPermissions(app);
  app.decorate('declaredStaffRoutes', declaredStaffRoutes);
  // Player routes behind a whitelabel flag refuse while it is off, as the site hides them.
  app.decorate('declaredFeatureRoutes', registerFeatureFlags(app));
  registerErrorHandling(app, t);
  const lifecycle = registerHealth(app, { handle, redis: redis?.pub });
  registerMetrics(app, handle.groupCommit, {
    ledger: services.ledger,
    db: handle.db,
    openConnections: () => lifecycle.openConnections,
  });

  // Security headers and x-request-id (decision 008: one precomputed set instead of @fastify/helmet).
  registerResponseHeaders(app, { production });
  registerInputGuard(app);
  registerInternalOnly(app, { production, internalNetworks: env.INTERNAL_NETWORKS });
  registerBackOfficeHost(app, env.BACKOFFICE_HOST);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { 1: 4 } } as never,
  });
  registerBodyParsers(app, API_BODY_LIMIT);
  // The live channel's sockets (decision 024): messages past the limit close the socket.
  await app.register(websocket, { options: { maxPayload: LIVE_MAX_MESSAGE_BYTES } });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.pub, nameSpace: `${redisPrefix(env)}rl:` } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    // Each operator's counts are its own: one brand's busy address does not use up another's.
    keyGenerator: (request) => `${request.operator?.id ?? 0}:${request.ip}`,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Playhouse API',
        version: '1.0.0',
        description:
          'Player site, back office and provider API. Every response uses the success/value envelope.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/wps/docs', staticCSP: true });

  registerRequestContext(app);

  // Crawlers may index the player site, never the back office or the API.
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send('User-agent: *\nAllow: /m/\nDisallow: /bo/\nDisallow: /wps/\nDisallow: /lgw/\n'),
  );

  await app.register(systemRoutes);
  await app.register(backofficeRoutes);
  await app.register(authRoutes, { registerLimitPerHour: env.REGISTER_LIMIT_PER_HOUR });
  await app.register(memberTwoFactorRoutes);
  await app.register(captchaRoutes);
  await app.register(verificationRoutes);
  await app.register(membersRoutes);
  await app.register(passwordRoutes, { publicUrl: env.PUBLIC_URL });
  await app.register(memberCentreRoutes);
  await app.register(memberAdminRoutes);
  await app.register(memberDeskRoutes);
  await app.register(gamesRoutes);
  await app.register(artRoutes);
  await app.register(vendorsRoutes);
  await app.register(contentRoutes);
  await app.register(jackpotRoutes);
  await app.register(winnersRoutes);
  await app.register(socialRoutes, { publicUrl: env.PUBLIC_URL });
  await app.register(ledgerRoutes);
  await app.register(walletAdminRoutes);
  await app.register(seamlessRoutes);
  await app.register(demoRoutes);
  await app.register(transferRoutes);
  await app.register(transactionsRoutes);
  await app.register(responsibleGamblingRoutes);
  await app.register(playRoutes);
  await app.register(drawsRoutes);
  await app.register(paymentsRoutes, { publicUrl: env.PUBLIC_URL });
  await app.register(paymentsAdminRoutes);
  await app.register(staffAccountsRoutes);
  await app.register(contactRoutes);
  await app.register(gatewayCallbackRoutes);
  await app.register(uploadsRoutes);
  await app.register(helpRoutes);
  await app.register(legalRoutes);
  await app.register(referralRoutes, { publicUrl: env.PUBLIC_URL });
  await app.register(agentsRoutes, { publicUrl: env.PUBLIC_URL });
  await app.register(contractsRoutes);
  await app.register(inboxRoutes);
  await app.register(rewardsRoutes);
  await app.register(rewardsAdminRoutes);
  await app.register(vipRoutes);
  await app.register(vipAdminRoutes);
  await app.register(promotionsRoutes);
  await app.register(liveRoutes);
  await app.register(chatRoutes);
  await app.register(reportsRoutes);
  await app.register(platformRoutes);

  const { backOfficeIndex } = await registerStaticApps(app, {
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.boDist ? { boDist: options.boDist } : {}),
  });
  const playerPage = createPlayerPage(app, options.webDist ?? DEFAULT_WEB_DIST);
  app.setNotFoundHandler(async (request, reply) => {
    // The path the router looked up (decoded, absolute-form resolved), not the raw target.
    const { path: pathname, search } = requestTarget(request.url);
    const allowed = allowedMethods(pathname);
    if (allowed.length && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      throw new AppError('METHOD_NOT_ALLOWED');
    }
    const isApi = isApiPath(pathname);
    // A missing built file is missing: a page in its place would run as a broken script or style.
    const isAsset = pathname.startsWith('/m/assets/') || pathname.startsWith('/bo/assets/');
    if (isApi || isAsset || (request.method !== 'GET' && request.method !== 'HEAD'))
      throw new AppError('NOT_FOUND');
    const isBackOffice = pathname === '/bo' || pathname.startsWith('/bo/');
    const isPlayerSite = isPlayerSitePath(pathname);
    // Home under another name goes to home's one address, query kept (so the page the server renders
    // for home is the page the browser hydrates there); addresses outside both sites go home.
    if (HOME_ALIASES.includes(pathname)) return reply.redirect(HOME_PATH + search, 302);
    if (!isBackOffice && !isPlayerSite) return reply.redirect(HOME_PATH, 302);
    reply.header('cache-control', 'no-cache');
    if (isBackOffice) {
      if (!backOfficeIndex) throw new AppError('NOT_FOUND');
      return reply.type('text/html; charset=utf-8').send(backOfficeIndex);
    }
    if (!playerPage) throw new AppError('NOT_FOUND');
    let page;
    try {
      page = await playerPage.render(request, pathname);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'SITE_UNAVAILABLE') throw error;
      // A host no active operator names: a plain page saying so (decision 039).
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(unavailablePage(t, languageFromHeaders(request.headers)));
    }
    reply.header('vary', 'accept-language, cookie').header('content-security-policy', page.csp);
    // Compression is per route and this is the not-found handler: the page is sent pre-compressed.
    return sendShared(request, reply, page.body, 'text/html; charset=utf-8');
  });

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
