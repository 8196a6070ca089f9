import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from './csv-encoding.js';

const utf16le = (text: string) => {
  const out = new Uint8Array(2 + text.length * 2);
  out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) out.set([text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8], 2 + i * 2);
  return out;
};

describe('decodeCsvBytes', () => {
  const header = 'Prénom;Nom;Courriel';
  it('reads UTF-8 with or without its mark, and drops the mark', () => {
    expect(decodeCsvBytes(new TextEncoder().encode(header))).toBe(header);
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(header)]))).toBe(header);
  });

  it('reads UTF-16 little- and big-endian by their mark (Excel "Unicode text")', () => {
    expect(decodeCsvBytes(utf16le('Vorname\tNachname\r\nJürgen\tMüller'))).toBe('Vorname\tNachname\r\nJürgen\tMüller');
    const be = utf16le('Nombre').map((_, i, a) => (i < 2 ? [0xfe, 0xff][i]! : a[i % 2 === 0 ? i + 1 : i - 1]!));
    expect(decodeCsvBytes(be)).toBe('Nombre');
  });

  it('reads bytes that are not UTF-8 as Windows-1252 (Excel "CSV" in Western Europe), curly quotes and euro included', () => {
    const cp1252 = new Uint8Array([0x50, 0x72, 0xe9, 0x6e, 0x6f, 0x6d, 0x3b, 0x4f, 0x92, 0x42, 0x72, 0x69, 0x65, 0x6e, 0x3b, 0x80]);
    expect(decodeCsvBytes(cp1252)).toBe('Prénom;O’Brien;€');
  });
});
