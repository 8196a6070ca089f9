import { FEATURE_AREA_INFO, joinAnd, publicPitches, type FeatureAreaList } from '../../../shared/feature-areas.js';

/**
 * What the public pages promise, derived from the one list of feature areas
 * (shared/feature-areas.ts): built areas as available, the others as planned.
 */
/** A title inside a sentence: its first letter lowercased, unless it starts an acronym (AI assistant). */
const inSentence = (title: string) => title.replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());

export function publicPromises(areas: FeatureAreaList = FEATURE_AREA_INFO) {
  const { available, planned } = publicPitches(areas);
  const words = joinAnd(available.map((p) => p.short));
  return {
    available,
    planned,
    /** "Reviews for engineering teams", "Reviews and retros for engineering teams", … */
    headline: words ? `${words[0]!.toUpperCase()}${words.slice(1)} for engineering teams` : 'Teamlens for engineering teams',
    /** The guide's last words: what Teamlens does today, and what is only planned. */
    guideClosing: [
      available.length ? `Teamlens supports this today with ${joinAnd(available.map((p) => inSentence(p.title)))}, all on your own server.` : '',
      planned.length ? `Planned for a later version, and not available yet: ${joinAnd(planned.map((p) => inSentence(p.title)))}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  };
}
