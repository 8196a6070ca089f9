import { publicPromises } from './public-promises.js';
import './public-forms.css';

const SECTIONS = [
  ['why', 'Why reviews go wrong'],
  ['360', 'Running a 360 review cycle'],
  ['questions', 'Questions that get useful answers'],
  ['sprint', 'Sprint reviews and retrospectives'],
  ['follow-up', 'Turning results into change'],
  ['checklist', 'A one-page checklist'],
] as const;

/** The guide itself: "Running effective 360 and sprint reviews in engineering teams". */
export function GuideContent({ readerName }: { readerName: string }) {
  return (
    <article className="guide" aria-labelledby="guide-title">
      <h2 id="guide-title">Running effective 360 and sprint reviews in engineering teams</h2>
      <p className="muted">Thank you, {readerName}. Reading time: about 8 minutes. You can print this page or save it as PDF.</p>
      <nav className="guide-toc" aria-label="Guide contents">
        <strong>Contents</strong>
        <ol>
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#guide-${id}`}>{title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <h2 id="guide-why">1. Why reviews go wrong</h2>
      <p>
        Most engineers do not dislike feedback; they dislike feedback that arrives once a year, is vague, and seems to decide their pay. Three failure modes
        show up again and again:
      </p>
      <ul>
        <li>
          <strong>Recency bias.</strong> The last six weeks outweigh the previous ten months. Short, regular touch points (sprint reviews, continuous feedback)
          fix this better than longer forms.
        </li>
        <li>
          <strong>Too many questions.</strong> A reviewer asked 25 questions about 6 colleagues answers 150 times and stops thinking after the first ten. Keep a
          360 form to 6–8 questions.
        </li>
        <li>
          <strong>No follow-up.</strong> If results are released and nothing changes, the next cycle gets polite, empty answers. Every cycle needs an owner for
          what happens next.
        </li>
      </ul>

      <h2 id="guide-360">2. Running a 360 review cycle</h2>
      <p>
        A 360 review collects views from the person themselves, their manager, peers and direct reports. A cycle that people trust has a clear timeline and a
        fair process:
      </p>
      <ol>
        <li>
          <strong>Announce the timeline two weeks ahead:</strong> nomination closes, reviews close, results are released. Avoid release weeks and the end of a
          quarter.
        </li>
        <li>
          <strong>Let people nominate their peers, and let managers approve.</strong> Three to five peers is enough; more adds noise. Include at least one
          person from another team the reviewee works with.
        </li>
        <li>
          <strong>Protect anonymity.</strong> Show peer and report answers only as aggregates, and only when at least five people answered (never fewer than
          three). Say so on the form: people write more honestly when they know the rule.
        </li>
        <li>
          <strong>Allow a reviewer to decline</strong> with a reason, for example when they have not worked with the person. A forced review is worse than none.
        </li>
        <li>
          <strong>Send reminders two days before the deadline</strong> and once when it has passed, not every day.
        </li>
      </ol>

      <h2 id="guide-questions">3. Questions that get useful answers</h2>
      <p>Ask about behaviour that others can observe, and always pair a rating with room for an example.</p>
      <div className="guide-table-wrap" role="region" aria-label="Question examples table" tabIndex={0}>
        <table>
          <caption className="sr-only">Weak and better review questions</caption>
          <thead>
            <tr>
              <th scope="col">Instead of</th>
              <th scope="col">Ask</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Is she a good engineer?</td>
              <td>Describe a piece of work from the last six months that shows her technical judgement.</td>
            </tr>
            <tr>
              <td>Rate his communication (1–5).</td>
              <td>How clear are his pull-request descriptions and design notes for someone new to the code? (1–5, with an example)</td>
            </tr>
            <tr>
              <td>Any weaknesses?</td>
              <td>What is one thing they could start doing that would make the biggest difference to the team?</td>
            </tr>
            <tr>
              <td>Is she a team player?</td>
              <td>How does she respond when a review of her code disagrees with her approach?</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        A good default 360 form: one self-reflection question, three competency ratings with comments (technical quality, collaboration, ownership), one “start
        doing” and one “keep doing” question, and an optional private note to the manager.
      </p>

      <h2 id="guide-sprint">4. Sprint reviews and retrospectives</h2>
      <p>Sprint reviews look at the work; retrospectives look at how the team worked. Both should be short, frequent and safe.</p>
      <ul>
        <li>
          <strong>Time-box it:</strong> 45 minutes for a two-week sprint is plenty. Check in (5), review last sprint’s action items (5), reflect silently (10),
          group and vote (10), discuss the top two or three themes (10), agree on actions (5).
        </li>
        <li>
          <strong>Write before you talk.</strong> Silent, anonymous writing first lets quieter people be heard and stops the first speaker from setting the
          agenda.
        </li>
        <li>
          <strong>Vote with limits:</strong> five votes per person, at most three on one topic, so the discussion follows what matters to the group.
        </li>
        <li>
          <strong>Rotate the format</strong> every few sprints (Start/Stop/Continue, Mad/Sad/Glad, 4Ls, Sailboat) to keep answers fresh.
        </li>
        <li>
          <strong>Use data, not blame:</strong> pull-request cycle time, review load and sprint completion are good conversation starters about the system.
          Never rank individuals by commits or lines of code.
        </li>
      </ul>

      <h2 id="guide-follow-up">5. Turning results into change</h2>
      <p>The value of a review is in what happens after it.</p>
      <ul>
        <li>
          <strong>Every retro action item gets an owner and a due date</strong>, and the next retro starts by reviewing them. Track completion: below 80% means
          the team is taking on too much; aim for two or three actions per sprint.
        </li>
        <li>
          <strong>Managers release 360 results in a one-to-one conversation</strong>, not by email. Start with what the person saw themselves, then where others
          agree and where they differ.
        </li>
        <li>
          <strong>Turn one or two themes into growth goals</strong> with a concrete check-in date. Link them to the competency they develop.
        </li>
        <li>
          <strong>Close the loop with the reviewers:</strong> a short note (“your feedback led to …”) makes the next cycle’s answers better.
        </li>
      </ul>

      <h2 id="guide-checklist">6. A one-page checklist</h2>
      <ul>
        <li>Timeline announced two weeks ahead, away from release crunch.</li>
        <li>6–8 questions, each about observable behaviour, each with room for an example.</li>
        <li>3–5 peers per person, nominated by the person, approved by the manager.</li>
        <li>Anonymous answers shown only from five answers upward.</li>
        <li>Reminders two days before the deadline and once after it.</li>
        <li>Sprint retros every sprint, 45 minutes, silent writing first, limited votes.</li>
        <li>Two or three action items per retro, each with an owner and a date; reviewed next time.</li>
        <li>Results discussed face to face; one or two growth goals agreed.</li>
      </ul>
      <p>{publicPromises().guideClosing}</p>
    </article>
  );
}
