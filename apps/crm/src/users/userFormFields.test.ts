import { userFormFields, userStatusOptions } from './userFormFields';

describe('user form', () => {
  it('invites with an e-mail input and no status (an invitation is Pending)', () => {
    const fields = userFormFields('invite');
    expect(fields.find((field) => field.name === 'email')).toMatchObject({ type: 'email', required: true });
    expect(fields.find((field) => field.name === 'status')).toBeUndefined();
    expect(fields.filter((field) => field.required).map((field) => field.name)).toEqual(['name', 'email']);
  });

  it('edits the status among Active, Inactive and Pending, keeping an existing value', () => {
    expect(userStatusOptions().map((option) => option.value)).toEqual(['Active', 'Inactive', 'Pending']);
    expect(userStatusOptions('Suspended').map((option) => option.value)).toEqual(['Active', 'Inactive', 'Pending', 'Suspended']);
    expect(userFormFields('edit', 'Pending').find((field) => field.name === 'status')?.options?.map((option) => option.value)).toEqual(['Active', 'Inactive', 'Pending']);
  });
});
