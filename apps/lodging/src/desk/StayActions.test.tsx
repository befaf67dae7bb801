import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { AccessComponentProvider, type Permission } from '@steward/libs/session';
import { renderWithStack } from '@steward/libs/testing';
import { StayActions } from './StayActions';

const ME = 'profile-me';

function permission(edit: string): Permission {
  return { component_name: 'lodging', create_access: 'allowed', view_access: 'Organization', edit_access: edit, delete_access: 'None' };
}

function renderActions(edit: string, createdBy: string | null) {
  return renderWithStack(
    <AccessComponentProvider component="lodging">
      <StayActions id="stay-1" status="Confirmed" name="Rivera family" row={{ id: 'stay-1', created_by: createdBy }} />
    </AccessComponentProvider>,
    { session: { permissions: [permission(edit)], profiles: [{ id: ME, auth_user_id: 'auth-1', org_name: 'Test Org', role_id: 'r1', name: 'Demo', email: 'demo@steward.dev' }] } },
  );
}

const MOVES = ['Check in: Rivera family', 'Make tentative: Rivera family', 'Cancel stay: Rivera family', 'No-show: Rivera family'];

describe('a stay’s status moves under the role’s edit level', () => {
  it('Organization: every move the stay allows, on anyone’s stay', () => {
    renderActions('Organization', 'profile-other');
    for (const name of MOVES) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('Personal: the moves on a stay the person booked', () => {
    renderActions('Personal', ME);
    for (const name of MOVES) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('Personal: no moves on someone else’s stay', () => {
    renderActions('Personal', 'profile-other');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('None: no moves, even on their own stay', () => {
    renderActions('None', ME);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
