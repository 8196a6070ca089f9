/**
 * Client test set-up, run before each test file: Testing Library waits up to 3 s for what a screen
 * shows (its default of 1 s fails on a busy 2-core CI machine while the page is right).
 *
 * Client test files share a worker's modules (vitest.config.ts, isolate: false), so the app's
 * module-level stores (the one alert, the open modals) are emptied after every test: what one file
 * left on screen must never be found by the next.
 */
import { configure } from '@testing-library/dom';
import { afterEach } from 'vitest';
import { closeAlert } from '../lib/alerts.js';
import { modalStore } from '../lib/modals.js';

configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  closeAlert();
  modalStore.set({ navigationModal: false, onboardingQuestion: false });
});
