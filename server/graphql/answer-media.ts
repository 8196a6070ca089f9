/**
 * The two media types POST /graphql answers in, chosen from the request's Accept header, and the
 * status each gives an answer (docs/decisions/0072):
 *
 * - `application/graphql-response+json` (what the web app asks for first, through graphql-request):
 *   an operation that never ran (a document that does not parse or validate, variables that do not
 *   coerce) answers 400; one that ran answers 200, with its data (null when a non-null field failed)
 *   and its errors.
 * - `application/json` (no Accept header, `*` wildcards, older clients): every well-formed request
 *   answers 200, whatever its GraphQL errors; only a request that is not a GraphQL request at all
 *   (a body that is not JSON, no `query` string, a parameter of the wrong kind) answers 400.
 *
 * An operation that never ran answers no `data` entry in either. A client that accepts neither type
 * gets application/json (the server may disregard an Accept header it cannot satisfy).
 */
export const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json';
export const PLAIN_JSON = 'application/json';
export type AnswerMedia = typeof GRAPHQL_RESPONSE_JSON | typeof PLAIN_JSON;

const chosen = new Map<string, AnswerMedia>();

/** The media type of the answer: the client's most preferred of the two (q values first, then the order given). */
export function answerMediaOf(accept: string | undefined): AnswerMedia {
  if (!accept) return PLAIN_JSON;
  let media = chosen.get(accept);
  if (media === undefined) {
    media = negotiate(accept);
    // Clients send a handful of distinct headers; a bounded memo spares parsing each request's.
    if (chosen.size >= 256) chosen.clear();
    chosen.set(accept, media);
  }
  return media;
}

function negotiate(accept: string): AnswerMedia {
  const ranges = accept.split(',').map((part, order) => {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return { range, q: q ? Number(q.slice(2)) : 1, order };
  });
  ranges.sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { range, q } of ranges) {
    if (!(q > 0)) continue;
    if (range === GRAPHQL_RESPONSE_JSON) return GRAPHQL_RESPONSE_JSON;
    if (range === PLAIN_JSON || range === 'application/*' || range === '*/*') return PLAIN_JSON;
  }
  return PLAIN_JSON;
}

/** The Content-Type header of an answer in that media type. */
export function contentTypeOf(media: AnswerMedia): string {
  return `${media}; charset=utf-8`;
}

/** The status of an operation that never ran (a GraphQL request error). */
export function requestErrorStatus(media: AnswerMedia): number {
  return media === GRAPHQL_RESPONSE_JSON ? 400 : 200;
}
