import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteArea } from '@steward/libs/shell';
import { loadAntd } from '@steward/libs/ui';
import { RemoteBoundary } from './RemoteBoundary';

function areaRendering(text: string): RemoteArea {
  return { name: 'crm', title: 'CRM', version: '1.0.0', paths: [], Routes: () => <p>{text}</p> };
}

describe('RemoteBoundary', () => {
  // The unavailable notice draws antd's Result, which loads antd on demand: a cold import of antd
  // takes seconds on a busy machine and is not what these tests are about, so it is loaded first.
  beforeAll(async () => {
    await loadAntd();
  });

  it('renders an area that is already loaded in the first frame, without a loading state', () => {
    const load = vi.fn(async () => areaRendering('never used'));
    render(<RemoteBoundary name="crm" load={load} peek={() => areaRendering('CRM at once')} />);
    expect(screen.getByText('CRM at once')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows the loading state, then the area', async () => {
    render(<RemoteBoundary name="crm" load={async () => areaRendering('CRM screen')} peek={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading CRM…');
    expect(await screen.findByText('CRM screen')).toBeInTheDocument();
  });

  it('tells the page a freshly loaded area is about to render, before it renders (not for one already loaded)', async () => {
    const seen: string[] = [];
    const onLoaded = vi.fn(() => seen.push(screen.queryByText('CRM screen') ? 'rendered' : 'not yet'));
    const area = areaRendering('CRM screen');
    const { unmount } = render(<RemoteBoundary name="crm" load={async () => area} peek={() => undefined} onLoaded={onLoaded} />);
    expect(await screen.findByText('CRM screen')).toBeInTheDocument();
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledWith(area);
    expect(seen).toEqual(['not yet']);
    unmount();

    render(<RemoteBoundary name="crm" load={async () => area} peek={() => area} onLoaded={onLoaded} />);
    expect(onLoaded).toHaveBeenCalledTimes(1);
  });

  it('names the area when it cannot load, and Retry loads it again without a reload', async () => {
    const attempts: number[] = [];
    const load = async (attempt: number) => {
      attempts.push(attempt);
      if (attempt === 0) throw new Error('connect ECONNREFUSED');
      return areaRendering('CRM is back');
    };
    render(<RemoteBoundary name="crm" load={load} peek={() => undefined} />);
    expect(await screen.findByText('The CRM area is unavailable')).toBeInTheDocument();
    expect(screen.getByText('connect ECONNREFUSED')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('CRM is back')).toBeInTheDocument();
    expect(attempts).toEqual([0, 1]);
  });

  it('lets a screen’s own render error reach the page boundary instead of calling the area unavailable', async () => {
    const Broken = () => {
      throw new Error('screen bug');
    };
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const caught: unknown[] = [];
    const { ErrorBoundaryProbe } = await import('./testing/ErrorBoundaryProbe');
    render(
      <ErrorBoundaryProbe onError={(error) => caught.push(error)}>
        <RemoteBoundary name="crm" load={async () => ({ ...areaRendering(''), Routes: Broken })} peek={() => undefined} />
      </ErrorBoundaryProbe>,
    );
    expect(await screen.findByText('page boundary caught: screen bug')).toBeInTheDocument();
    expect(screen.queryByText('The CRM area is unavailable')).not.toBeInTheDocument();
    spy.mockRestore();
  });
});
