import { REMOTE_NAMES } from '@steward/libs/runtime-config';
import { AREA_TITLES, routesOwnedBy } from '@steward/libs/federation';
import { placeholderArea } from './placeholderArea';

describe('placeholderArea', () => {
  it.each(REMOTE_NAMES)('gives the %s remote exactly the routes the route table assigns it', (name) => {
    const area = placeholderArea(name, '1.0.0');
    expect(area).toMatchObject({ name, title: AREA_TITLES[name], version: '1.0.0' });
    expect([...area.paths].sort()).toEqual(routesOwnedBy(name).map((route) => route.path).sort());
    expect(area.paths.length).toBeGreaterThan(0);
  });
});
