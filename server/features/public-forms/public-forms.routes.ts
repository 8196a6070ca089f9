import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { contactMessageSchema } from '../../../shared/public-forms.schemas.js';
import { guideLeadSchema } from '../../../shared/work-email.schemas.js';
import { HONEYPOT_FIELD, PUBLIC_FORM_BODY_LIMIT, PUBLIC_FORM_HOURLY_LIMIT } from '../../../shared/public-forms.limits.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { replyBadInput } from '../../lib/parse.js';
import { isCrossSite } from '../auth/auth.http.js';
import { insertContactMessage, insertGuideLead } from './public-forms.repo.js';

export const PUBLIC_FORMS_BASE = '/api/public';
const HOUR = 60 * 60_000;

/**
 * The two public forms, as JSON POSTs without a session. Defences: JSON only (a cross-site
 * HTML form cannot send it and fetch needs a preflight nobody answers), Origin / Sec-Fetch-Site
 * must be this site, a small body limit, a rate limit per client address and per email
 * address, the shared zod schema, and a honeypot field.
 */
export async function publicFormsRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app.services;

  function guard<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: S,
    limiters: { byIp: RateLimiter; byEmail: RateLimiter },
  ): z.output<S> | null {
    if (isCrossSite(request, config)) {
      void reply.code(403).send({ error: 'FORBIDDEN', message: 'This form can only be sent from this site.' });
      return null;
    }
    if (
      !String(request.headers['content-type'] ?? '')
        .toLowerCase()
        .startsWith('application/json')
    ) {
      void reply.code(415).send({ error: 'BAD_USER_INPUT', message: 'Send the form as JSON.' });
      return null;
    }
    if (!limiters.byIp.take(request.ip)) {
      void reply.code(429).send({ error: 'RATE_LIMITED', message: 'Too many messages from your network. Try again in an hour.' });
      return null;
    }
    const parsed = schema.safeParse(request.body);
    if (!parsed.success) {
      replyBadInput(reply, parsed.error);
      return null;
    }
    const email = (parsed.data as { email: string }).email;
    if (!limiters.byEmail.take(email)) {
      void reply.code(429).send({ error: 'RATE_LIMITED', message: 'Too many messages from this email address. Try again in an hour.' });
      return null;
    }
    return parsed.data;
  }

  const contactLimits = { byIp: new RateLimiter(PUBLIC_FORM_HOURLY_LIMIT, HOUR), byEmail: new RateLimiter(PUBLIC_FORM_HOURLY_LIMIT, HOUR) };
  app.post(`${PUBLIC_FORMS_BASE}/contact`, { bodyLimit: PUBLIC_FORM_BODY_LIMIT, config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const input = guard(request, reply, contactMessageSchema, contactLimits);
    if (!input) return reply;
    // A filled honeypot gets the same answer, so a bot learns nothing; nothing is stored.
    if (!input[HONEYPOT_FIELD]) insertContactMessage(db, input);
    else request.log.info({ form: 'contact' }, 'honeypot filled; message dropped');
    return { ok: true, url: '/thank-you' };
  });

  const guideLimits = { byIp: new RateLimiter(PUBLIC_FORM_HOURLY_LIMIT, HOUR), byEmail: new RateLimiter(PUBLIC_FORM_HOURLY_LIMIT, HOUR) };
  app.post(`${PUBLIC_FORMS_BASE}/guide-leads`, { bodyLimit: PUBLIC_FORM_BODY_LIMIT, config: { rule: 'PUBLIC' } }, async (request, reply) => {
    const input = guard(request, reply, guideLeadSchema, guideLimits);
    if (!input) return reply;
    if (!input[HONEYPOT_FIELD]) insertGuideLead(db, input);
    else request.log.info({ form: 'guide' }, 'honeypot filled; lead dropped');
    return { ok: true };
  });
}
