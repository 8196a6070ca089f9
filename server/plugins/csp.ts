import crypto from 'node:crypto';
import type { Config } from '../config.js';

/**
 * Content-Security-Policy values (docs/decisions/0045).
 *
 * Pages (index.html): scripts only from this origin plus the inline scripts of the built
 * index.html, allowed by their SHA-256 computed from the file when the server starts (so an
 * inline script added to client/index.html needs no change here). Styles: this origin, and
 * 'unsafe-inline' because radix-ui's dialogs and menus insert <style> elements with computed
 * values (react-remove-scroll) that no hash can name. Images from this origin (the media
 * route), data: and blob: (picture previews); the websocket at /graphql on the page's origins.
 *
 * Everything else (JSON, media, files): nothing may load and nothing may frame it.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The text of every inline <script> (one without src) in an HTML document. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    found.push(match[2] ?? '');
  }
  return found;
}

export const scriptHash = (text: string): string => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The websocket origins (ws: for http, wss: for https) of the origins the app is served from. */
function socketOrigins(config: Config): string[] {
  return [...new Set(config.allowedOrigins.map((origin) => origin.replace(/^http/, 'ws')))];
}

/** The policy of index.html, with the hashes of its inline scripts. */
export function pageCsp(config: Config, html: string): string {
  const hashes = [...new Set(inlineScripts(html).map(scriptHash))];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...hashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...socketOrigins(config)].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
