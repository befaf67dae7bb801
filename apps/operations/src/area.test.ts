import { routesOwnedBy } from '@steward/libs/federation';
import area from './area';

describe('the Operations area', () => {
  it('declares exactly the routes the route table gives it', () => {
    expect(area.name).toBe('operations');
    expect([...area.paths].sort()).toEqual(routesOwnedBy('operations').map((route) => route.path).sort());
    expect(area.paths.length).toBeGreaterThan(0);
  });

  it('carries its build version marker', () => {
    expect(area.version).toBe('0.0.0-test');
  });
});
