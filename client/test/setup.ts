/**
 * Client test set-up, run before each test file: Testing Library waits up to 3 s for what a screen
 * shows (its default of 1 s fails on a busy 2-core CI machine while the page is right), and every
 * test ends with endTest (./teardown.ts), after the file's own afterEach hooks: unmounted, its
 * unfinished work settled or refused, the stubbed globals restored and the app's module-level stores
 * (the alert, the modals, the session) reset, so nothing a test started reaches the next one.
 */
import { configure } from '@testing-library/dom';
import { afterEach } from 'vitest';
import { endTest } from './teardown.js';

configure({ asyncUtilTimeout: 3000 });

afterEach(endTest);
