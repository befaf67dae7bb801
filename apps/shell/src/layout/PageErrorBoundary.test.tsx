import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './PageErrorBoundary';

function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

describe('PageErrorBoundary', () => {
  it('shows the spec text with the error, and clears it when the page changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <PageErrorBoundary resetKey="/a">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on this page.');
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot read properties of undefined');
    rerender(
      <PageErrorBoundary resetKey="/b">
        <p>Fine page</p>
      </PageErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Fine page')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
