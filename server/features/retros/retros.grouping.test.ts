import { describe, expect, it } from 'vitest';
import { clusterTexts, cosine, groupTitle, keyWords, stem, suggestGroups, tfidf } from './retros.grouping.js';

const items = [
  'The CI pipeline is too slow, builds take forever',
  'Our build pipeline is slow and flaky',
  'Slow CI builds blocked deploys',
  'Great pairing sessions with the new joiners',
  'Pairing helped a lot this sprint',
  'Standups run too long',
  'Daily standup takes 30 minutes, too long',
  'Coffee machine broken',
].map((text, i) => ({ id: `r${i}`, text }));

const sets = (clusters: string[][]) => clusters.map((c) => [...c].sort().join(',')).sort();

describe('key words', () => {
  it('drops stop words and stems: deploys, deployed, deploying and deployment are one word', () => {
    expect(['deploys', 'deployed', 'deploying', 'deployment'].map(stem)).toEqual(['deploy', 'deploy', 'deploy', 'deploy']);
    expect(stem('stopped')).toBe('stop');
    expect(stem('tests')).toBe(stem('testing'));
    expect(keyWords('We should have been doing the tests')).toEqual([['test', 'tests']]);
    expect(keyWords('The CI is red')).toEqual([
      ['ci', 'CI'],
      ['red', 'red'],
    ]);
  });

  it('similar texts are close, unrelated texts share nothing', () => {
    const { vectors } = tfidf(items);
    expect(cosine(vectors[0]!, vectors[1]!)).toBeGreaterThan(0.2);
    expect(cosine(vectors[0]!, vectors[7]!)).toBe(0);
    expect(cosine(vectors[3]!, vectors[3]!)).toBeCloseTo(1, 6);
  });
});

describe('clusters', () => {
  it('puts similar texts together and unrelated ones apart', () => {
    expect(sets(clusterTexts(items))).toEqual(['r0,r1,r2', 'r3,r4', 'r5,r6', 'r7']);
  });

  it('is deterministic: the same texts in any order give the same groups and titles', () => {
    const once = suggestGroups(items);
    const shuffled = suggestGroups([...items].reverse());
    const rotated = suggestGroups([...items.slice(3), ...items.slice(0, 3)]);
    expect(shuffled).toEqual(once);
    expect(rotated).toEqual(once);
  });

  it('a higher threshold splits more, 0 keeps only what shares nothing apart; empty and single inputs work', () => {
    expect(clusterTexts(items, 0.99)).toHaveLength(items.length);
    expect(sets(clusterTexts(items, 0.000001)).length).toBeLessThan(4);
    expect(clusterTexts([])).toEqual([]);
    expect(
      clusterTexts([
        { id: 'a', text: 'the and of' },
        { id: 'b', text: 'to be or not' },
      ]),
    ).toEqual([['a'], ['b']]);
  });
});

describe('titles', () => {
  it('come from the key words shared by the group, in their written form, first word capitalised', () => {
    const groups = suggestGroups(items);
    const ci = groups.find((g) => g.ids.includes('r0'))!;
    expect(ci.title.split(', ')).toHaveLength(3);
    expect(ci.title.toLowerCase()).toMatch(/build/);
    expect(ci.title.toLowerCase()).toMatch(/slow/);
    expect(groups.find((g) => g.ids.includes('r5'))!.title).toMatch(/^Standup/);
    expect(groupTitle(['Coffee machine broken'])).toBe('Coffee, machine, broken');
    expect(groupTitle(['Our CI is flaky', 'CI keeps failing'])).toMatch(/^CI/);
  });

  it('are stable and bounded; texts without key words fall back to their first words', () => {
    expect(groupTitle(['Deploys were slow', 'slow deploys again'])).toBe(groupTitle(['slow deploys again', 'Deploys were slow']));
    expect(groupTitle(['The the the'])).toBe('The the the');
    expect(groupTitle([''])).toBe('Untitled');
    expect(groupTitle(['x'.repeat(300)], undefined, 3, 120).length).toBeLessThanOrEqual(120);
  });
});
