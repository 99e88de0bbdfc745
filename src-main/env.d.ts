/// <reference types="electron-vite/node" />

/** Set by electron.vite.config.ts at build time: the commit and time the app was built from. */
declare const STAYDESK_BUILD: { commit: string | null; builtAt: string | null }
