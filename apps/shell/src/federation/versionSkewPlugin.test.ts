import { majorSkew, rangeMajor, versionSkewPlugin } from './versionSkewPlugin';

describe('rangeMajor', () => {
  it.each([
    ['^19.2.0', 19],
    ['~19.2', 19],
    ['19.2.0', 19],
    ['19.x', 19],
    ['0.1.0', 0],
    ['^20.0.0-rc.1', 20],
  ])('%s starts from major %d', (range, major) => expect(rangeMajor(range)).toBe(major));

  it.each(['*', '>=18.0.0', '18 || 19', '', 'latest'])('%s fixes no major', (range) => expect(rangeMajor(range)).toBeUndefined());
});

describe('majorSkew', () => {
  const shell: Record<string, string> = { react: '19.2.0', dayjs: '1.11.19' };
  const provided = (name: string) => shell[name];

  it('lets an older or newer minor of the same major load', () => {
    expect(majorSkew([{ name: 'react', requiredVersion: '^19.0.0' }, { name: 'dayjs', requiredVersion: '^1.12.0' }], provided)).toEqual([]);
  });

  it('names each module needed from another major', () => {
    expect(majorSkew([{ name: 'react', requiredVersion: '^20.0.0' }, { name: 'dayjs', requiredVersion: '^1.11.0' }], provided)).toEqual([
      'react ^20.0.0 (the shell provides 19.2.0)',
    ]);
  });

  it('falls back to the declared version when no range is required, and ignores what the shell does not share', () => {
    expect(majorSkew([{ name: 'react', requiredVersion: false, version: '18.3.1' }, { name: 'lodash', requiredVersion: '^4.0.0' }], provided)).toEqual([
      'react 18.3.1 (the shell provides 19.2.0)',
    ]);
  });
});

describe('versionSkewPlugin', () => {
  type Hook = (args: unknown) => unknown;
  const hook = versionSkewPlugin().loadRemoteSnapshot as unknown as Hook;
  const args = (requiredVersion: string) => ({
    options: { shared: { react: [{ version: '19.2.0' }] } },
    moduleInfo: { name: 'steward_crm' },
    manifestJson: { shared: [{ name: 'react', requiredVersion }] },
  });

  it('passes a compatible remote through unchanged', () => {
    const ok = args('^19.1.0');
    expect(hook(ok)).toBe(ok);
  });

  it('refuses a remote built for another major, naming it and the module', () => {
    expect(() => hook(args('^20.0.0'))).toThrow('The steward_crm remote was built for another major version of a shared library: react ^20.0.0 (the shell provides 19.2.0).');
  });
});
