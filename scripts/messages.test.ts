// The languages check of npm test (README "Languages"): every area's catalogues are complete and
// consistent, and the words its code uses are in them. The lint rule steward/no-literal-text (see
// build/i18n/folders.mjs) holds the other half: no words outside the catalogues in a converted folder.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { workspaceRoot } from '../build/federation.mjs';
import { MESSAGE_FOLDERS } from '../build/i18n/folders.mjs';
import { MENU_GROUP_ORDER, ROUTES } from '../libs/src/shell/routes.mjs';

/** The languages every catalogue must have besides English (the pseudo-locales are made from English). */
const LANGUAGES = ['es'];

type Catalogue = Record<string, string>;
const read = (file: string): Catalogue => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;

/**
 * Where an area's catalogues are: apps/<area>/src/messages; libs' in libs/src/messages, and its
 * refusals (fetched after the first view) in libs/src/messages/refusals.
 */
const LIBS_CATALOGUES: Record<string, string> = { libs: 'libs/src/messages', 'libs-refusals': 'libs/src/messages/refusals' };
const catalogueDir = (area: string) => path.join(workspaceRoot, LIBS_CATALOGUES[area] ?? path.join('apps', area, 'src/messages'));

/** The catalogues' folders: each area that has converted any folder. */
const areas = [...new Set(MESSAGE_FOLDERS.filter((entry) => entry.converted && entry.area).map((entry) => entry.area as string))].map((area) => ({
  area,
  dir: catalogueDir(area),
  folders: MESSAGE_FOLDERS.filter((entry) => entry.converted && entry.area === area).map((entry) => path.join(workspaceRoot, entry.folder)),
}));

/** The names of a message's arguments and tags ({count}, <link>), which every language must keep. */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) argumentsOf(option.value, names);
    if (element.type === TYPE.tag) argumentsOf(element.children, names);
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.|\.d\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Every string literal of the code, as quoted text (message ids are string literals: t('id'), or ids in
 * a table of them). Ids hold no quotes, so a scan finds them all without parsing TypeScript.
 */
function stringLiterals(file: string): string[] {
  // Comments first: an apostrophe in one would pair quotes wrongly.
  const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...code.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`((?:[^`\\]|\\.)*)`/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

describe('the catalogues', () => {
  it('exist for every area with a converted folder', () => {
    expect(areas.map(({ area, dir }) => [area, existsSync(path.join(dir, 'en.json'))])).toEqual(areas.map(({ area }) => [area, true]));
  });

  for (const { area, dir, folders } of areas) {
    describe(area, () => {
      // An area's words may be in two catalogues: its first view's (messages/) and its later screens'
      // (messages/later/, fetched when drawn: libs/src/i18n withLaterMessages). Each is complete in
      // every language; together they are the area's words, each in one of them.
      const parts = [dir, path.join(dir, 'later')].filter((part) => existsSync(path.join(part, 'en.json')));
      const english: Catalogue = Object.assign({}, ...parts.map((part) => read(path.join(part, 'en.json'))));

      it('say each message in one catalogue only', () => {
        const [first, later] = parts.map((part) => Object.keys(read(path.join(part, 'en.json'))));
        expect((later ?? []).filter((id) => first?.includes(id))).toEqual([]);
      });

      for (const part of parts) {
        const name = path.relative(dir, part) ? `${area}/later` : area;
        const partEnglish = read(path.join(part, 'en.json'));
        for (const language of LANGUAGES) {
          it(`have every message of ${name} in ${language}, with the same arguments, and no message English lacks`, () => {
            const file = path.join(part, `${language}.json`);
            const translated = existsSync(file) ? read(file) : {};
            expect(Object.keys(partEnglish).filter((id) => !(id in translated)), `missing from ${name}/${language}.json`).toEqual([]);
            expect(Object.keys(translated).filter((id) => !(id in partEnglish)), `in ${name}/${language}.json but not in en.json`).toEqual([]);
            const mismatched = Object.keys(partEnglish).filter((id) => {
              const want = [...argumentsOf(parse(partEnglish[id] as string))].sort();
              const got = [...argumentsOf(parse(translated[id] as string))].sort();
              return JSON.stringify(want) !== JSON.stringify(got);
            });
            expect(mismatched, `messages of ${name}/${language}.json whose arguments differ from English`).toEqual([]);
          });
        }
      }

      it('hold only messages the code uses, and the code uses only messages they hold (extracted from the source)', () => {
        const literals = new Set(folders.flatMap((folder) => sourceFiles(folder).flatMap(stringLiterals)));
        // Ids made at run time: the route table's words (layout/routeWords.ts) are checked below, and
        // libs' database messages by code or id (db.<code>, db.<id>) by libs/src/data/databaseMessages.test.ts.
        const dynamic = /^(route|menu|group|db)\./;
        expect(Object.keys(english).filter((id) => !dynamic.test(id) && !literals.has(id)), `unused messages in ${area}/en.json`).toEqual([]);
        // An id-shaped literal in a t(…) call that the catalogue lacks is a type error already; this
        // catches ids in tables typed loosely.
        const idShaped = [...literals].filter((text) => /^[a-z][\w]*\.[\w.]+$/.test(text) && text.split('.')[0] in Object.fromEntries(Object.keys(english).map((id) => [id.split('.')[0], true])));
        expect(idShaped.filter((id) => !(id in english)), `ids the code names that ${area}/en.json lacks`).toEqual([]);
      });
    });
  }

  it('name every route, menu label and menu group of the route table in the shell’s words', () => {
    const shell = read(path.join(workspaceRoot, 'apps/shell/src/messages/en.json'));
    const wanted = [
      ...ROUTES.map((route) => [`route.${route.path}`, route.section]),
      ...ROUTES.filter((route) => route.menu?.label).map((route) => [`menu.${route.path}`, route.menu?.label]),
      ...MENU_GROUP_ORDER.map((group) => [`group.${group}`, group]),
    ];
    // The English is the table's own, exactly.
    expect(wanted.filter(([id, english]) => shell[id as string] !== english)).toEqual([]);
  });
});
