import { subtasksText } from './taskColumns';
import { amountText } from '../transactions/TransactionsPage';

describe('operations cells', () => {
  it('shows each subtask with its status, or says there are none', () => {
    expect(subtasksText({ subtasks: [{ id: '1', title: 'Buy paint', status: 'Done' }, { id: '2', title: 'Paint', status: 'To Do' }] })).toBe('Buy paint (Done); Paint (To Do)');
    expect(subtasksText({ subtasks: [] })).toBe('No subtasks');
  });

  it('reads an empty amount as $0.00', () => {
    expect(amountText(null)).toBe('$0.00');
    expect(amountText('1234.5')).toBe('$1,234.50');
  });
});
