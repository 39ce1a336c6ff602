import type { FastifyRequest } from 'fastify';

const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

/**
 * The site's own address for links we hand out (reset e-mails, sign-in redirect URIs): PUBLIC_URL when
 * set; otherwise the request's host, but only when it is one of the operator's domains, so a forged
 * Host header cannot aim a link or a sign-in at someone else's server.
 */
export function siteUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const site = request.settings.site;
  const known = new Set(
    [site.mainDomain, ...site.domains.map((d) => d.domainName)].map((d) => d.toLowerCase()),
  );
  const hostname = request.hostname.toLowerCase();
  if (known.has(hostname) || isLoopback(hostname)) return `${request.protocol}://${request.host}`;
  return `https://${site.mainDomain}`;
}
