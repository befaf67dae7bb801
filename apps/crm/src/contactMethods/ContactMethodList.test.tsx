import { render, screen, within } from '@testing-library/react';
import { ContactMethodList } from './ContactMethodList';
import { kindOf, methodHref } from './methodHref';

describe('ContactMethodList', () => {
  it('hides archived methods, puts the primary first with its badge, then the newest', async () => {
    render(
      <ContactMethodList
        title="Phones"
        methods={[
          { id: 'a', value: '555-0001', kind: 'phone', created_at: '2025-01-01' },
          { id: 'b', value: '555-0002', kind: 'phone', created_at: '2025-03-01' },
          { id: 'c', value: '555-0003', kind: 'phone', is_primary: true, created_at: '2024-01-01' },
          { id: 'd', value: '555-0004', kind: 'phone', archive: true, created_at: '2026-01-01' },
        ]}
      />,
    );
    // A record page's words arrive with it (the CRM's later catalogue): the list draws once they are in.
    const items = within(await screen.findByRole('region', { name: 'Phones' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['555-0003Primary', '555-0002', '555-0001']);
    expect(screen.getByRole('link', { name: '555-0003' })).toHaveAttribute('href', 'tel:5550003');
  });

  it('says "None" when there is nothing to show', async () => {
    render(<ContactMethodList title="E-mails" methods={[]} />);
    expect(await screen.findByText('None')).toBeInTheDocument();
  });
});

describe('methodHref', () => {
  it('links by the kind the database gives, never by guessing from the type name', () => {
    expect(methodHref(kindOf('phone'), '+1 (828) 555-0142')).toBe('tel:+18285550142');
    expect(methodHref(kindOf('email'), 'a@b.co')).toBe('mailto:a@b.co');
    expect(methodHref(kindOf('other'), 'https://example.com')).toBeNull();
    expect(kindOf('Mobile')).toBe('other');
  });
});
