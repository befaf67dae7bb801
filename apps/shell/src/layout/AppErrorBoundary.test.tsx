import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './AppErrorBoundary';

function FailedChunk(): never {
  throw new Error('Loading chunk 912 failed.');
}

describe('AppErrorBoundary', () => {
  it('replaces a part that failed to load with its message and a Reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppErrorBoundary message="The sign-in form could not be loaded. Reload the page and try again." placement="overlay">
        <FailedChunk />
      </AppErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The sign-in form could not be loaded. Reload the page and try again.');
    expect(alert).toHaveTextContent('Loading chunk 912 failed.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
