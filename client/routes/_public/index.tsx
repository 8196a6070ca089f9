import { Link, createFileRoute, getRouteApi } from '@tanstack/react-router';
import { publicPromises } from '../../features/public-forms/public-promises.js';
import { signUpIsOpen } from '../../features/auth/sign-up-status.js';
import '../../features/public-forms/public-forms.css';

export const Route = createFileRoute('/_public/')({
  component: LandingPage,
});

/** The public layout's loader asks whether sign-up is open. */
const publicLayout = getRouteApi('/_public');

/** The start page: promises only what this version has built (shared/feature-areas.ts); the rest is listed as planned. */
function LandingPage() {
  const { available, planned, headline } = publicPromises();
  // While sign-up is closed, or the server could not say, the page does not offer it (people join by invitation).
  const signUpOpen = signUpIsOpen(publicLayout.useLoaderData());
  return (
    <div className="landing">
      <section className="hero">
        <h1>{headline}</h1>
        <p>Teamlens runs on your own server. Your organization&apos;s data stays with you, and nothing needs an outside service.</p>
        <div className="hero-actions">
          {signUpOpen && (
            <Link to="/sign-up" className="button">
              Create an organization
            </Link>
          )}
          <Link to="/login" className={signUpOpen ? 'button button-secondary' : 'button'}>
            Sign in
          </Link>
        </div>
      </section>
      <section aria-labelledby="areas-title">
        <h2 id="areas-title">What it covers</h2>
        <ul className="card-grid">
          {available.map((p) => (
            <li key={p.title} className="tile">
              <h3>{p.title}</h3>
              <p>{p.text}</p>
            </li>
          ))}
        </ul>
      </section>
      {planned.length > 0 && (
        <section aria-labelledby="planned-title">
          <h2 id="planned-title">Planned, not in this version yet</h2>
          <p className="muted">These areas are on the way. They are not available today, and nothing in Teamlens pretends otherwise.</p>
          <ul className="card-grid planned-areas">
            {planned.map((p) => (
              <li key={p.title} className="tile">
                <h3>
                  {p.title} <span className="planned-mark">Planned</span>
                </h3>
                <p>{p.text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
