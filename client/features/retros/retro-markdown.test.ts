import { describe, expect, it } from 'vitest';
import { endedRetro } from './retro-fixtures.test-support.js';
import { retroMarkdown } from './retro-markdown.js';

describe('retroMarkdown', () => {
  it('lists topics by votes with their reflections and comments, action items, participation and only the health results that may be shown', () => {
    const md = retroMarkdown(endedRetro());
    expect(md).toBe(`# Sprint 12 retro

- Team: Platform
- Sprint: Sprint 12
- Template: Start, Stop, Continue
- Held: Nov 20, 2026
- Facilitator: Ada Lovelace
- Reflections: signed

## Participation

- 4 of 6 people took part
- Took part: Ada Lovelace, Grace Hopper
- 3 reflections
- 7 votes cast

## Topics by votes

### 1. Deploys (5 votes)

- **Stop:** Deploys break on Fridays (Grace Hopper)
- **Start:** A checklist before each deploy (Ada Lovelace)

Comments:

> Friday freeze agreed. Revisit in January. (Grace Hopper)
>
> I will write the checklist. (Ada Lovelace)

### 2. Reviews (2 votes)

- **Start:** Pairing on reviews (Grace Hopper)

## Action items

- [ ] Write the deploy checklist (owner: Grace Hopper, due: Dec 4, 2026, status: Open)

## Team health

Scale: 1 strongly disagree to 5 strongly agree.

- Releasing our work is easy and safe. — 2.5 of 5 (4 answers)
- We enjoy working together. — fewer than 3 answers, not shown
`);
  });

  it('names no author in an anonymous retro, even if an author came along', () => {
    const md = retroMarkdown(endedRetro({ anonymous: true }));
    expect(md).toContain('- **Stop:** Deploys break on Fridays\n');
    expect(md).not.toContain('(Ada Lovelace)');
    expect(md).toContain('Reflections: anonymous');
    // The action item's owner is not an author: still named.
    expect(md).toContain('owner: Grace Hopper');
  });

  it('keeps each reflection on its own line and escapes Markdown in what people wrote', () => {
    const retro = endedRetro({ health_statements: null, action_items: [] });
    retro.reflections[0] = { ...retro.reflections[0]!, text: 'Line one\n# not a heading *really*' };
    const md = retroMarkdown(retro);
    expect(md).toContain('- **Stop:** Line one \\# not a heading \\*really\\* (Grace Hopper)\n');
    expect(md).toContain('No action items.');
    expect(md).not.toContain('## Team health');
  });
});
