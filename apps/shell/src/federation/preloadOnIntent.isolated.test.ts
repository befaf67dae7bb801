const preloadAreaFor = vi.hoisted(() => vi.fn());
vi.mock('./preloadArea', () => ({ preloadAreaFor }));

import { preloadOnIntent, setDataIntent } from './preloadOnIntent';

describe('preloadOnIntent', () => {
  beforeAll(() => preloadOnIntent(document));
  beforeEach(() => {
    preloadAreaFor.mockReset();
    document.body.innerHTML = '<nav><a href="/businesses"><span>Businesses</span></a><a href="https://elsewhere.example/x">out</a><p>text</p></nav>';
  });

  it('preloads the remote behind a link the pointer reaches, even over the link’s children', () => {
    document.querySelector('span')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preloadAreaFor).toHaveBeenCalledWith('/businesses');
  });

  it('preloads on keyboard focus too', () => {
    document.querySelector('a')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(preloadAreaFor).toHaveBeenCalledWith('/businesses');
  });

  it('ignores other origins and anything that is not a link', () => {
    document.querySelectorAll('a')[1]?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.querySelector('p')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preloadAreaFor).not.toHaveBeenCalled();
  });

  it('starts the link’s data too while someone is signed in, with the link’s query', () => {
    const started: string[] = [];
    setDataIntent((url) => started.push(`${url.pathname}${url.search}`));
    document.querySelector('a')?.setAttribute('href', '/contacts?sort=-name');
    document.querySelector('span')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    setDataIntent(null);
    document.querySelector('span')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(started).toEqual(['/contacts?sort=-name']);
  });
});
