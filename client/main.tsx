import { StrictMode } from 'react';
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
 * Start-up runs in three tasks (modules, router, first render) rather than one long one, so a
 * phone's main thread is never blocked for long while the page loads (docs/decisions/0040).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // The session check goes first: index.html already asked, this picks up the answer.
  auth.start();
  loadFonts();
  await nextTask();
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, auth });
  // The page's route chunks and first queries start now, not after React's first render: the
  // router mounts onto this load (its Transitioner starts no second one while it runs).
  router.load().catch((err: unknown) => console.error(err));

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
  await nextTask();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
