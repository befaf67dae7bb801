import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ContactMethodList } from './ContactMethodList';
import { NotesList } from './NotesList';
import { SystemBadge } from './SystemBadge';

describe('ContactMethodList', () => {
  it('links phones and e-mails, marks the primary and hides archived ones', () => {
    render(
      <ContactMethodList
        title="Phones"
        methods={[
          { id: '1', value: '(828) 555-0100', kind: 'phone', created_at: '2026-01-01' },
          { id: '2', value: '828-555-0199', kind: 'phone', is_primary: true, label: 'Office', created_at: '2025-01-01' },
          { id: '3', value: '000', kind: 'phone', archive: true },
        ]}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Phones' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Office: 828-555-0199Primary');
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', 'tel:8285550199');
    expect(items[1]).not.toHaveTextContent('Primary');
  });

  it('links e-mails with mailto', () => {
    render(<ContactMethodList title="E-mails" methods={[{ id: '1', value: 'a@b.co', kind: 'email' }]} />);
    expect(screen.getByRole('link', { name: 'a@b.co' })).toHaveAttribute('href', 'mailto:a@b.co');
  });
});

describe('NotesList', () => {
  it('says "No notes to display." when empty', () => {
    render(<NotesList notes={[]} />);
    expect(screen.getByText('No notes to display.')).toBeInTheDocument();
  });

  it('lists notes newest first', () => {
    render(
      <NotesList
        notes={[
          { id: 'a', name: 'First call', created_at: '2026-01-01T10:00:00Z' },
          { id: 'b', name: 'Follow-up', created_at: '2026-02-01T10:00:00Z', created_by_name: 'Dana' },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Follow-up');
    expect(items[0]).toHaveTextContent('Dana');
    expect(items[1]).toHaveTextContent('First call');
  });
});

describe('SystemBadge', () => {
  it('shows S only for _system_default_ rows', () => {
    const { rerender } = render(<SystemBadge orgName="_system_default_" />);
    expect(screen.getByLabelText('System default')).toHaveTextContent('S');
    rerender(<SystemBadge orgName="Cedar Grove Outfitters" />);
    expect(screen.queryByLabelText('System default')).toBeNull();
  });
});
