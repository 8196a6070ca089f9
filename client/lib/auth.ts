import { SessionManager } from './session.js';

/** The one session of this browser tab (router context `auth`, GraphQL and websocket tokens). */
export const auth = new SessionManager();
