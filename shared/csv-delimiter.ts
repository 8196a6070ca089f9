/** ",", ";" (spreadsheets in many European locales) or tab: whichever the header line uses most. One rule for the preview and the server. */
export function delimiterOfHeader(header: string): string {
  let best = ',';
  let bestCount = 0;
  for (const d of [',', ';', '\t']) {
    const n = header.split(d).length - 1;
    if (n > bestCount) [best, bestCount] = [d, n];
  }
  return best;
}
