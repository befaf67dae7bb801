import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { ConfigProvider } from './ConfigProvider';

/** What antd's components read: whether they animate, and how long a fast motion takes. */
function Motion() {
  const { token } = theme.useToken();
  return <p>{`${String(token.motion)} ${token.motionDurationFast}`}</p>;
}

/** The system's reduced-motion setting as matchMedia reports it, changeable while a page is open. */
function systemMotion(reduced: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return reduced;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => (media === '(prefers-reduced-motion: reduce)' ? query : original(media))) as typeof window.matchMedia;
  return {
    change(next: boolean) {
      reduced = next;
      for (const listener of listeners) listener();
    },
    restore: () => {
      window.matchMedia = original;
    },
  };
}

describe('ConfigProvider and the person’s motion setting', () => {
  it('animates antd’s components by default', () => {
    const system = systemMotion(false);
    try {
      render(
        <ConfigProvider>
          <Motion />
        </ConfigProvider>,
      );
      expect(screen.getByRole('paragraph')).toHaveTextContent('true 0.1s');
    } finally {
      system.restore();
    }
  });

  it('turns antd’s motion off for a person who asked for less, keeping the screen’s own theme, and back when they change it', () => {
    const system = systemMotion(true);
    try {
      render(
        <ConfigProvider theme={{ token: { colorPrimary: '#0b7285' } }}>
          <Motion />
        </ConfigProvider>,
      );
      expect(screen.getByRole('paragraph')).toHaveTextContent('false 0s');
      act(() => system.change(false));
      expect(screen.getByRole('paragraph')).toHaveTextContent('true 0.1s');
    } finally {
      system.restore();
    }
  });
});
