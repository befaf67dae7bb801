import fc from 'fast-check';
import { accommodationFilePath, orgAssetPath, sanitizeFileName, sanitizeOrgName } from './storageUpload';

/** Bounded in `npm test`; `npm run bench` runs more (STEWARD_PROPERTY_RUNS). */
const RUNS = Number(process.env.STEWARD_PROPERTY_RUNS ?? 500);

/** Names built to climb out of a folder: separators, dot segments, encodings, control and wide characters. */
const hostileName = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('/', '\\', '..', '.', '%2e', '%2f', '\u0000', '\n', ' ', '~', ':', 'a', '‥', '／', '＼'), maxLength: 16 }),
  fc.constantFrom('../../other-org/secret.pdf', '..\\..\\x', '/etc/passwd', '.', '..', '', '.hidden', 'a/../../b'),
);
const orgName = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constantFrom('Acme Ltd', '../Other', '_system_default_', '', 'a/b'));
const SAFE = /^[A-Za-z0-9._-]+$/;

describe('upload names never leave the organisation’s folder (property)', () => {
  it('accommodation files: exactly "{org}/{timestamp}_{file}", no separator or dot segment from the name', () => {
    let cases = 0;
    fc.assert(
      fc.property(orgName, hostileName, fc.integer({ min: 0, max: 2 ** 42 }), (org, name, now) => {
        cases += 1;
        const objectPath = accommodationFilePath(org, name, now);
        const segments = objectPath.split('/');
        expect(segments).toHaveLength(2);
        expect(segments[0]).toBe(sanitizeOrgName(org));
        expect(segments[0]).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(segments[1]?.startsWith(`${now}_`)).toBe(true);
        expect(segments).not.toContain('..');
        expect(objectPath).not.toMatch(/[\\\s%]/);
      }),
      { numRuns: RUNS },
    );
    console.log(`upload name property (accommodations): ${cases} cases`);
  });

  it('organisation assets: "{org}-{file}", one safe segment that never starts with a dot', () => {
    let cases = 0;
    fc.assert(
      fc.property(orgName, hostileName, (org, name) => {
        cases += 1;
        const file = sanitizeFileName(name);
        expect(file).toMatch(SAFE);
        expect(file.startsWith('.')).toBe(false);
        const objectPath = orgAssetPath(org, name);
        expect(objectPath).toBe(`${sanitizeOrgName(org)}-${file}`);
        expect(objectPath).not.toContain('/');
        expect(objectPath).toMatch(SAFE);
      }),
      { numRuns: RUNS },
    );
    console.log(`upload name property (organisation assets): ${cases} cases`);
  });
});
