import { lazy, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AntdTheme, ProvideAntdTheme, lazyAntdPage } from './antdTheme';

/** A part that loads later (a panel or a dialog): it draws once `release` is called. */
function laterPart() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const Part = lazy(() => gate.then(() => ({ default: () => <p>Panel drawn</p> })));
  return { Part, release: () => release() };
}

function Screen({ Part }: { Part: ReturnType<typeof laterPart>['Part'] }) {
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        Pressed {count}
      </button>
      <button type="button" onClick={() => setOpen(true)}>
        Open panel
      </button>
      {open ? (
        <AntdTheme fallback={<p>Panel loading</p>}>
          <Part />
        </AntdTheme>
      ) : null}
    </div>
  );
}

describe('AntdTheme', () => {
  // First in this file: antd has not been loaded yet, so the page must not wait for it.
  it('asks for a page drawn with antd as it first draws, beside antd, not once antd has arrived', async () => {
    const load = vi.fn(() => Promise.resolve({ default: ({ name }: { name: string }) => <p>Page of {name}</p> }));
    const Page = lazyAntdPage(load, <p>Page loading</p>);
    render(<Page name="projects" />);
    // Already on its way while <AntdTheme> still waits for antd.
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Page loading')).toBeInTheDocument();
    expect(await screen.findByText('Page of projects', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws what is inside it once antd has loaded, with the theme it is given', async () => {
    render(
      <ProvideAntdTheme theme={{ zeroRuntime: true, token: { colorPrimary: '#2f5d3a' } }}>
        <AntdTheme fallback={<p>Loading antd</p>}>
          <p>Drawn with antd</p>
        </AntdTheme>
      </ProvideAntdTheme>,
    );
    expect(await screen.findByText('Drawn with antd', undefined, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('inside another, a part loading later suspends only itself: the screen around it keeps its state', async () => {
    const { Part, release } = laterPart();
    render(
      <AntdTheme fallback={<p>Screen loading</p>}>
        <Screen Part={Part} />
      </AntdTheme>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pressed 0' }, { timeout: 15_000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Open panel' }));
    expect(await screen.findByText('Panel loading')).toBeInTheDocument();
    // The screen was not replaced by the outer fallback while the panel loads.
    expect(screen.queryByText('Screen loading')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('Panel drawn')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
  });

});
