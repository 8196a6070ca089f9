/** Stylesheets imported by code: Vite adds them to the page. */
declare module '*.css' {}
