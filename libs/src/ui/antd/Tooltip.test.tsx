import { act, render, screen } from '@testing-library/react';
import { TOOLTIP_OPEN_DELAY_MS, Tooltip, tooltipOpenDelayMs } from './Tooltip';

describe('tooltip timing', () => {
  it('waits 700 ms before the first tooltip opens', () => {
    expect(tooltipOpenDelayMs(10_000, Number.NEGATIVE_INFINITY)).toBe(TOOLTIP_OPEN_DELAY_MS);
    expect(TOOLTIP_OPEN_DELAY_MS).toBe(700);
  });

  it('opens at once within 300 ms of another closing, and waits again after that', () => {
    expect(tooltipOpenDelayMs(10_300, 10_000)).toBe(0);
    expect(tooltipOpenDelayMs(10_301, 10_000)).toBe(700);
  });
});


describe('Tooltip', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows its title only after the open delay', async () => {
    render(
      <Tooltip title="Shared default">
        <button type="button">S</button>
      </Tooltip>,
    );
    await act(async () => {
      screen.getByRole('button').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      screen.getByRole('button').dispatchEvent(new MouseEvent('mouseenter', { bubbles: false }));
    });
    await act(async () => vi.advanceTimersByTime(600));
    expect(screen.queryByText('Shared default')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.getByText('Shared default')).toBeInTheDocument();
  });
});
