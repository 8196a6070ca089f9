// Builds the web app and server when dist/ is missing or older than the sources.
import { execFileSync } from 'node:child_process';
import { isBuildStale } from './build-state.mjs';

if (isBuildStale()) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
