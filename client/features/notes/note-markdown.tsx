import type { ComponentProps } from 'react';
import Markdown, { defaultUrlTransform } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { NOTE_MATCH_END, NOTE_MATCH_START } from '../../../shared/notes.js';

/**
 * A note's Markdown, rendered safely: GitHub-flavoured Markdown (tables, task lists, strikethrough),
 * raw HTML never rendered (no rehype-raw: it shows as text), the tree sanitized by rehype-sanitize
 * (GitHub's schema: no script, no event handlers, no style), and links whose scheme is not safe
 * (javascript:, vbscript:, data: ...) dropped. Links to other sites open in a new tab without
 * handing them this window (rel="noopener noreferrer").
 */
const SAFE_SCHEME = /^(https?:|mailto:)/i;

/** Keeps http(s) and mailto links and relative ones; anything else (javascript:, vbscript:, data:, file:) becomes no link. */
export function safeUrl(url: string): string {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"): judge it without them.
  const compact = [...url].filter((c) => c.charCodeAt(0) > 0x20 && (c.charCodeAt(0) < 0x7f || c.charCodeAt(0) > 0x9f)).join('');
  if (/^[a-z][a-z0-9+.-]*:/i.test(compact) && !SAFE_SCHEME.test(compact)) return '';
  return defaultUrlTransform(url);
}

function Link({ href, children, node: _node, ...rest }: ComponentProps<'a'> & { node?: unknown }) {
  if (!href) return <span>{children}</span>;
  const external = /^https?:/i.test(href);
  return (
    <a {...rest} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

export function NoteMarkdown({ source, className = 'note-markdown' }: { source: string; className?: string }) {
  return (
    <div className={className}>
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} urlTransform={safeUrl} components={{ a: Link }}>
        {source}
      </Markdown>
    </div>
  );
}

/** A search match: the parts between U+0002 and U+0003 become <mark>, everything else plain text (never HTML). */
export function Highlighted({ text }: { text: string }) {
  const parts: Array<{ text: string; match: boolean }> = [];
  let rest = text;
  while (rest.length > 0) {
    const start = rest.indexOf(NOTE_MATCH_START);
    if (start < 0) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    const after = rest.slice(start + 1);
    const end = after.indexOf(NOTE_MATCH_END);
    const inner = end < 0 ? after : after.slice(0, end);
    if (inner) parts.push({ text: inner, match: true });
    rest = end < 0 ? '' : after.slice(end + 1);
  }
  return <>{parts.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text.split(NOTE_MATCH_END).join('')}</span>))}</>;
}
