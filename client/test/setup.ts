/**
 * Client test set-up, run before each test file: Testing Library waits up to 3 s for what a screen
 * shows (its default of 1 s fails on a busy 2-core CI machine while the page is right).
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 3000 });
