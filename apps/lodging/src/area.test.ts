import { routesOwnedBy } from '@steward/libs/federation';
import area from './area';

describe('the Lodging area', () => {
  it('declares exactly the routes the route table gives it', () => {
    expect(area.name).toBe('lodging');
    expect([...area.paths].sort()).toEqual(routesOwnedBy('lodging').map((route) => route.path).sort());
    expect(area.paths.length).toBeGreaterThan(0);
  });

  it('carries its build version marker', () => {
    expect(area.version).toBe('0.0.0-test');
  });
});
