import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import './fonts.css';
import './styles.css';
import { auth } from './lib/auth.js';
import { loadFonts } from './lib/fonts.js';
import { createQueryClient } from './lib/query-client.js';
import { createAppRouter } from './router.js';

/**
 * Start-up runs in several tasks (modules, fonts, router, its load, first render) rather than one
 * long one, so a phone's main thread is never blocked for long while the page loads (docs/decisions/0040,
 * 0077).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The router's own delay before a page that is still loading shows its pending view (TanStack Router's `defaultPendingMs`). */
const PENDING_MS = 1_000;

async function start(): Promise<void> {
  // The session check goes first: index.html already asked, this picks up the answer.
  auth.start();
  await nextTask();
  // Its first read of local storage opens the origin's storage, up to ~20 ms on a first visit: a task of its own.
  loadFonts();
  await nextTask();
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, auth });
  // Making the router (its route tree, the history) and starting its load are a task each.
  await nextTask();
  // The page's route chunks and first queries start now, not after React's first render: the
  // router mounts onto this load (its Transitioner starts no second one while it runs).
  const loaded = router.load().catch((err: unknown) => console.error(err));

  // Another tab logged out: this tab has ended its session too; show /logout.
  auth.onRemoteLogout = () => void router.navigate({ to: '/logout' });
  // When the session changes (signed out by a rule, expired, signed in), the routes re-check it:
  // an authenticated page then sends the visitor to /login with a callback. The first answer
  // (from "loading") is not a change: the routes' beforeLoad already waits for it.
  let lastStatus = auth.getState().status;
  auth.subscribe(() => {
    const { status } = auth.getState();
    if (status === lastStatus) return;
    const first = lastStatus === 'loading';
    lastStatus = status;
    if (first) return;
    if (status === 'unauthenticated') queryClient.clear();
    void router.invalidate();
  });
  // React's first render waits for the page (its chunks and the data its loader asks for), then
  // renders it in a transition: a transition's render yields to the browser every few
  // milliseconds, where a plain first render of the whole page is one long task, and a render of
  // the empty shell before the data would be a second one (docs/decisions/0077). Nothing shows
  // before either way; a page that takes longer than the router's pending delay renders then,
  // with its pending view, as before.
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, PENDING_MS))]);
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

void start();
