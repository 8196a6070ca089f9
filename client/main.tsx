import { StrictMode, useEffect, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import './styles.css';
import { getSession, graphql, signIn, signOut, type Session } from './lib/auth-client';

const SIGN_IN_MESSAGES: Record<string, string> = {
  CredentialsSignin: 'Sign in failed. Check the details you provided are correct.',
  LoginBlocked: 'Too many failed attempts. Wait a few minutes, then try again.',
  SessionRequired: 'Please sign in to access this page.',
};

type Me = { findOneUser: { full_name: string; email: string; permission_level: string; team: { name: string } | null }; organization: { name: string } };

function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const result = await signIn(String(form.get('email')), String(form.get('password')), window.location.href);
      if (result.error) setError(SIGN_IN_MESSAGES[result.error] ?? 'Unable to sign in.');
      else onSignedIn();
    } catch {
      setError('The server could not be reached. Try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="card" onSubmit={submit} aria-labelledby="signin-title">
      <h1 id="signin-title">Sign in to Teamlens</h1>
      <label>Email<input name="email" type="email" autoComplete="username" required /></label>
      <label>Password<input name="password" type="password" autoComplete="current-password" required /></label>
      {error && <p role="alert" className="error">{error}</p>}
      <button type="submit" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
    </form>
  );
}

function Home({ session, onSignedOut }: { session: Session; onSignedOut: () => void }) {
  const [me, setMe] = useState<Me | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    graphql<Me>(session.access_token, '{ findOneUser { full_name email permission_level team { name } } organization { name } }').then(setMe, (e: Error) => setError(e.message));
  }, [session.access_token]);
  return (
    <main className="card">
      {error && <p role="alert" className="error">{error}</p>}
      {!me && !error && <p aria-busy="true">Loading your profile…</p>}
      {me && (
        <>
          <h1>Welcome, {me.findOneUser.full_name}</h1>
          <p>{me.findOneUser.email} · {me.findOneUser.permission_level.toLowerCase()} at {me.organization.name}{me.findOneUser.team ? ` · ${me.findOneUser.team.name} team` : ''}</p>
        </>
      )}
      <button type="button" onClick={() => void signOut().then(onSignedOut)}>Sign out</button>
    </main>
  );
}

function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const refresh = () => void getSession().then(setSession, () => setSession(null));
  useEffect(refresh, []);
  if (session === undefined) return <p className="card" aria-busy="true">Loading…</p>;
  return session ? <Home session={session} onSignedOut={refresh} /> : <SignInForm onSignedIn={refresh} />;
}

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
