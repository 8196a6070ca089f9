import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import crypto from 'node:crypto';
import { hmac, safeEqual } from '../../lib/tokens.js';

export const AUTH_BASE_PATH = '/api/auth';

export function cookieNames(config: Config) {
  const prefix = config.secureCookies ? '__Host-' : '';
  return { session: `${prefix}teamlens.session-token`, csrf: `${prefix}teamlens.csrf-token` };
}

function cookieOptions(config: Config) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: config.secureCookies };
}

export function authBase(config: Config): string {
  return `${config.origin}${AUTH_BASE_PATH}`;
}

/**
 * callbackUrl rule (NextAuth's default redirect callback, stricter): a same-origin
 * absolute URL or a path starting with a single "/" is kept; anything else gives the origin.
 */
export function safeCallbackUrl(config: Config, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return `${config.origin}/`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\\]/.test(value)) return `${config.origin}/`;
  try {
    const url = value.startsWith('/') && !value.startsWith('//') ? new URL(value, config.origin) : new URL(value);
    if (url.origin !== config.origin) return `${config.origin}/`;
    return url.href;
  } catch {
    return `${config.origin}/`;
  }
}

/** CSRF: signed double submit. Cookie = token|HMAC(token); the form sends the token. */
export function ensureCsrfToken(request: FastifyRequest, reply: FastifyReply, config: Config, secret: Buffer): string {
  const existing = readCsrfCookie(request, config, secret);
  if (existing) return existing;
  const hex = crypto.randomBytes(32).toString('hex');
  reply.setCookie(cookieNames(config).csrf, `${hex}|${hmac(secret, hex)}`, cookieOptions(config));
  return hex;
}

function readCsrfCookie(request: FastifyRequest, config: Config, secret: Buffer): string | null {
  const raw = request.cookies[cookieNames(config).csrf];
  if (!raw) return null;
  const [token, mac] = raw.split('|');
  if (!token || !mac || !/^[0-9a-f]{64}$/.test(token)) return null;
  return safeEqual(hmac(secret, token), mac) ? token : null;
}

export function verifyCsrf(request: FastifyRequest, config: Config, secret: Buffer): boolean {
  if (request.method !== 'POST') return false;
  const cookieToken = readCsrfCookie(request, config, secret);
  const body = request.body as Record<string, unknown> | undefined;
  const sent = body && typeof body === 'object' ? body.csrfToken : undefined;
  return !!cookieToken && typeof sent === 'string' && safeEqual(cookieToken, sent);
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: number): void {
  reply.setCookie(cookieNames(config).session, token, { ...cookieOptions(config), expires: new Date(expiresAt) });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.setCookie(cookieNames(config).session, '', { ...cookieOptions(config), maxAge: 0, expires: new Date(0) });
}

export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'private, no-cache, no-store').header('Pragma', 'no-cache').header('Expires', '0');
}

/** NextAuth answers `{url}` as JSON when the body has json=true, a 302 otherwise. */
export function sendUrl(request: FastifyRequest, reply: FastifyReply, url: string, status = 200): FastifyReply {
  const body = request.body as Record<string, unknown> | undefined;
  const wantsJson = body && typeof body === 'object' && (body.json === 'true' || body.json === true);
  if (wantsJson) return reply.code(status).send({ url });
  return reply.redirect(url, 302);
}

export function bodyField(request: FastifyRequest, name: string): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body && typeof body === 'object' ? body[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Refuses cookie-carrying requests that a browser marks as cross-site. */
export function isCrossSite(request: FastifyRequest, config: Config): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== 'null' && !config.allowedOrigins.includes(origin);
}
