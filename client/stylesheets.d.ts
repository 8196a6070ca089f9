/** Stylesheets imported by code (client/lib/fonts.ts imports one on demand): Vite adds them to the page. */
declare module '*.css' {}
