import { describe, expect, it } from 'vitest';
import { createRouter } from '../../local/router.mjs';

const named = (name: string) => async () => {
  throw new Error(name);
};

describe('the services’ router', () => {
  const routes: [string, string, () => Promise<void>][] = [
    ['POST', '/object/:bucket/*', named('upload')],
    ['POST', '/object/upload/sign/:bucket/*', named('sign upload')],
    ['POST', '/object/list-v2/:bucket', named('list v2')],
    ['POST', '/object/:bucket', named('no object')],
    ['GET|HEAD', '/object/:bucket/*', named('download')],
    ['GET', '/user/identities/authorize', named('authorize')],
    ['DELETE', '/user/identities/:id', named('unlink')],
  ];
  const router = createRouter(routes);
  const find = (method: string, path: string) => {
    const found = router.find(method, path);
    return found && { name: routes.find(([, , handler]) => handler === found.handler)?.[1], params: found.params, rest: found.rest };
  };

  it('prefers a fixed segment to a parameter, whatever the order the routes were declared in', () => {
    expect(find('POST', '/object/upload/sign/avatars/me/cat.png')).toEqual({
      name: '/object/upload/sign/:bucket/*',
      params: { bucket: 'avatars' },
      rest: 'me/cat.png',
    });
    expect(find('POST', '/object/list-v2/avatars')?.name).toBe('/object/list-v2/:bucket');
    expect(find('GET', '/user/identities/authorize')?.name).toBe('/user/identities/authorize');
    expect(find('DELETE', '/user/identities/7b0c')).toMatchObject({ name: '/user/identities/:id', params: { id: '7b0c' } });
  });

  it('still reaches a bucket named like a family when the path is not that family’s', () => {
    expect(find('POST', '/object/upload/readme.txt')).toEqual({ name: '/object/:bucket/*', params: { bucket: 'upload' }, rest: 'readme.txt' });
    expect(find('GET', '/object/upload/sign/a/b')?.name).toBe('/object/:bucket/*');
  });

  it('needs a non-empty rest for "*" and matches methods exactly', () => {
    expect(find('POST', '/object/avatars/')?.name).toBe('/object/:bucket');
    expect(find('PUT', '/object/avatars/a.txt')).toBeNull();
    expect(find('HEAD', '/object/avatars/a.txt')?.name).toBe('/object/:bucket/*');
  });
});
