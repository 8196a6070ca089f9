import { Link, createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_public/')({
  component: LandingPage,
});

const AREAS = [
  ['360 and sprint reviews', 'Review cycles with self, manager, peer and report perspectives, anonymous where it should be.'],
  ['Sprint retrospectives', 'Live retros that carry action items from sprint to sprint.'],
  ['Continuous feedback and goals', 'Feedback when it matters and goals that roll up into team goals.'],
  ['Team and individual insights', 'Trends from reviews, feedback, goals and, when connected, your code host and issue tracker.'],
] as const;

function LandingPage() {
  return (
    <div className="landing">
      <section className="hero">
        <h1>Reviews, retros and feedback for engineering teams</h1>
        <p>Teamlens runs on your own server. Your organization&apos;s data stays with you, and nothing needs an outside service.</p>
        <div className="hero-actions">
          <Link to="/sign-up" className="button">Create an organization</Link>
          <Link to="/login" className="button button-secondary">Sign in</Link>
        </div>
      </section>
      <section aria-labelledby="areas-title">
        <h2 id="areas-title">What it covers</h2>
        <ul className="card-grid">
          {AREAS.map(([title, text]) => (
            <li key={title} className="tile">
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
