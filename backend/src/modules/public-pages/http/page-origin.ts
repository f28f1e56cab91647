import type { Request } from 'express';

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin of canonical and OpenGraph URLs: PUBLIC_URL when set, else the request's own scheme (honouring
 * TRUST_PROXY) and Host, when the Host is a plain host name.
 */
export function pageOrigin(request: Request, publicUrl: string | undefined): string {
  return originOf(request.protocol, request.get('host'), publicUrl);
}

/** pageOrigin from the scheme and Host header themselves. */
export function originOf(protocol: string, host: string | undefined, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${protocol}://${host && HOST.test(host) ? host.toLowerCase() : 'localhost'}`;
}
