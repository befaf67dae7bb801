// Where the platform stands on languages (docs/architecture.md "Languages"): the one list of source
// folders whose user-visible text goes through their area's message function. A folder marked
// `converted` is held to it by the lint rule `steward/no-literal-text` (eslint.config.mjs) and its area's
// catalogues by the Spanish check (scripts/i18nCheck.test.ts). Converting a folder is: move its words
// to its area's messages/en.json and es.json, then flip `converted` here. An app's catalogues are
// apps/<area>/src/messages; libs' folders share one, libs/src/messages (area 'libs'), beside the
// database's refusals, which the page fetches after its first view (libs/src/messages/refusals).

/** @typedef {{ folder: string, area: string | null, converted: boolean }} MessageFolder */

/** @type {readonly MessageFolder[]} */
export const MESSAGE_FOLDERS = [
  { folder: 'apps/shell/src', area: 'shell', converted: true },
  { folder: 'libs/src/i18n', area: null, converted: true },
  { folder: 'libs/src/session', area: null, converted: true },
  { folder: 'libs/src/boot', area: null, converted: true },
  { folder: 'libs/src/messages', area: 'libs', converted: true },
  { folder: 'libs/src/messages/refusals', area: 'libs-refusals', converted: true },
  { folder: 'apps/crm/src', area: 'crm', converted: true },
  { folder: 'apps/catalog/src', area: 'catalog', converted: true },
  { folder: 'apps/lodging/src', area: 'lodging', converted: true },
  { folder: 'apps/booking/src', area: 'booking', converted: true },
  { folder: 'apps/team-portal/src', area: 'team-portal', converted: true },
  { folder: 'apps/operations/src', area: 'operations', converted: true },
  { folder: 'apps/settings/src', area: 'settings', converted: true },
  { folder: 'libs/src/list', area: 'libs', converted: true },
  { folder: 'libs/src/filter', area: 'libs', converted: true },
  { folder: 'libs/src/form', area: 'libs', converted: true },
  { folder: 'libs/src/ui', area: 'libs', converted: true },
  { folder: 'libs/src/area', area: 'libs', converted: true },
  { folder: 'libs/src/shell', area: 'shell', converted: true },
  { folder: 'libs/src/data', area: 'libs', converted: true },
  { folder: 'libs/src/conversations', area: 'libs', converted: true },
];

export const CONVERTED_FOLDERS = MESSAGE_FOLDERS.filter((entry) => entry.converted).map((entry) => entry.folder);
