import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { editColumn } from './columns';

describe('editColumn', () => {
  it('opens the row in the editor, names it for screen readers, and stays out of the export', () => {
    const openEdit = vi.fn();
    const column = editColumn(openEdit);
    const row = { id: 'r1', name: 'Lamp oil', org_name: 'Cedar' };
    render(<>{column.render?.(row)}</>);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Lamp oil' }));
    expect(openEdit).toHaveBeenCalledWith(row);
    expect(column.exported).toBe(false);
  });

  it('offers no Edit on shared default rows', () => {
    const column = editColumn(vi.fn());
    const { container } = render(<>{column.render?.({ id: 'r2', name: 'Default', org_name: '_system_default_' })}</>);
    expect(container).toBeEmptyDOMElement();
  });
});
