/** Build marker of the app (package version, or STEWARD_APP_VERSION at build time). */
declare const __STEWARD_APP_VERSION__: string;
