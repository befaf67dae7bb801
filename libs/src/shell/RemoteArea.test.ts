import { REMOTE_NAMES } from '@steward/libs/runtime-config';
import { AREA_TITLES, defineArea } from './RemoteArea';
import { routesOwnedBy } from './routeTable';

describe('defineArea', () => {
  const Routes = () => null;

  it.each(REMOTE_NAMES)('gives the %s remote its title and exactly the routes the route table assigns it', (name) => {
    const area = defineArea(name, '1.0.0', Routes);
    expect(area).toMatchObject({ name, title: AREA_TITLES[name], version: '1.0.0', Routes });
    expect([...area.paths].sort()).toEqual(routesOwnedBy(name).map((route) => route.path).sort());
    expect(area.paths.length).toBeGreaterThan(0);
    expect(area).not.toHaveProperty('prefetch');
  });

  it('carries the route prefetch an area offers the shell', () => {
    const prefetch = () => undefined;
    expect(defineArea('crm', '1.0.0', Routes, { prefetch }).prefetch).toBe(prefetch);
  });
});
