import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findLanguage,
  matchLanguage,
  parseAcceptLanguage,
  type LanguageCode,
} from '@playhouse/contract/languages';
import type { OperatorSettings } from '@playhouse/contract/settings';
import { SITE_STATUS } from '@playhouse/contract/system';
import { AppError } from '../lib/app-error.ts';
import { isApiPath, routedPath } from '../lib/request-path.ts';

// Reachable in maintenance and from blocked regions: the site must be able to say why it is closed,
// operators must be able to lift it, and providers must be able to settle rounds already in play.
const ALWAYS_OPEN = ['/wps/system/', '/wps/docs', '/bo/api/', '/wps/provider/', '/wps/payments/'];

/** Language of a request: `Language` header, else Accept-Language, else the operator default. */
export function resolveLanguage(
  request: FastifyRequest,
  languages: OperatorSettings['languages'],
): LanguageCode {
  const header = request.headers['language'];
  const explicit = findLanguage(typeof header === 'string' ? header : undefined);
  if (explicit && languages.supported.includes(explicit.code)) return explicit.code;
  return (
    matchLanguage(parseAcceptLanguage(request.headers['accept-language']), languages.supported) ??
    languages.default
  );
}

const LANGUAGE_MEMO_SIZE = 1000;

/**
 * `resolveLanguage` remembered per header pair for one settings copy: visitors send a handful of
 * distinct headers, and a re-read settings document starts a fresh memo.
 */
function memoisedLanguage() {
  const memos = new WeakMap<OperatorSettings['languages'], Map<string, LanguageCode>>();
  return (request: FastifyRequest, languages: OperatorSettings['languages']): LanguageCode => {
    const header = request.headers['language'];
    const accept = request.headers['accept-language'];
    const key = `${typeof header === 'string' ? header : ''}\n${accept ?? ''}`;
    let memo = memos.get(languages);
    if (!memo) memos.set(languages, (memo = new Map()));
    let language = memo.get(key);
    if (language === undefined) {
      language = resolveLanguage(request, languages);
      if (memo.size >= LANGUAGE_MEMO_SIZE) memo.clear();
      memo.set(key, language);
    }
    return language;
  };
}

/**
 * Attaches the operator its host names, its settings and the language to every API request; gates
 * closed sites. A host no active operator names answers SITE_UNAVAILABLE.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.decorateRequest('operator', null as never);
  app.decorateRequest('settings', null as never);
  app.decorateRequest('language', null as never);

  const languageOf = memoisedLanguage();
  app.addHook('onRequest', async (request) => {
    // The routed path, not request.url: an encoded or absolute-form target reaches the same route.
    const path = routedPath(request);
    if (!isApiPath(path)) return;
    const { settings: service, operators } = app.services;
    // The operator the request's host names (the forwarded host behind TRUSTED_PROXIES), decision 039.
    const operator = await operators.resolve(request.host);
    if (!operator || operator.status !== 'active') throw new AppError('SITE_UNAVAILABLE');
    const { settings } = await service.get(operator.id);
    request.operator = operator;
    request.settings = settings;
    request.language = languageOf(request, settings.languages);
    if (ALWAYS_OPEN.some((p) => path.startsWith(p))) return;
    const status = app.services.region.gate(request.ip, settings.status);
    if (status === SITE_STATUS.MAINTENANCE) throw new AppError('MAINTENANCE');
    if (status === SITE_STATUS.BLOCKED) throw new AppError('REGION_BLOCKED');
  });
}
