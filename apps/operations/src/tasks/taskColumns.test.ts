import { afterEach } from 'vitest';
import { setLocale } from '@steward/libs/i18n';
import { t } from '../i18n';
import { subtasksText, taskColumns } from './taskColumns';
import { amountText, transactionColumns } from '../transactions/TransactionsPage';
import { monthLabel } from '../revenue/revenueByMonth';
import { revenueSummary } from '../revenue/RevenueChart';

describe('operations cells', () => {
  it('shows each subtask with its status, or says there are none', () => {
    expect(subtasksText(t, { subtasks: [{ id: '1', title: 'Buy paint', status: 'Done' }, { id: '2', title: 'Paint', status: 'To Do' }] })).toBe('Buy paint (Done); Paint (To Do)');
    expect(subtasksText(t, { subtasks: [] })).toBe('No subtasks');
    expect(subtasksText(t, {})).toBe('No subtasks');
  });

  it('formats money with $ and two decimals: empty, zero, negative and large amounts', () => {
    expect(amountText(null)).toBe('$0.00');
    expect(amountText(undefined)).toBe('$0.00');
    expect(amountText('')).toBe('$0.00');
    expect(amountText(0)).toBe('$0.00');
    expect(amountText('1234.5')).toBe('$1,234.50');
    expect(amountText(-672)).toBe('-$672.00');
    expect(amountText(1234567.891)).toBe('$1,234,567.89');
  });

  it('defines the spec columns; actions appear only when the list can edit, and never in the export', () => {
    expect(taskColumns(t).map((column) => column.title)).toEqual(['Title', 'Description', 'Status', 'Assignee', 'Due date', 'Priority', 'About', 'Subtasks']);
    const editable = taskColumns(t, { editTask: () => undefined, addSubtask: () => undefined, editSubtask: () => undefined });
    expect(editable.map((column) => column.title)).toEqual(['Title', 'Description', 'Status', 'Assignee', 'Due date', 'Priority', 'About', 'Subtasks', 'Actions']);
    expect(editable.at(-1)?.exported).toBe(false);
    expect(transactionColumns(t).map((column) => column.title)).toEqual(['Date', 'Description', 'Amount']);
  });

  it('names months and reads the chart to a screen reader', () => {
    expect(monthLabel('2026-03-01')).toBe('Mar 2026');
    expect(monthLabel('2025-12-01')).toBe('Dec 2025');
    expect(revenueSummary([{ month: '2026-10-01', revenue: 0 }, { month: '2026-11-01', revenue: 1234.5 }])).toBe('Revenue by month, last 2 months: Oct 2026 $0.00; Nov 2026 $1,234.50');
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await setLocale('en', 'USD');
    });

    it('writes the cells, columns, months and amounts for es', async () => {
      await setLocale('es', 'USD');
      expect(subtasksText(t, { subtasks: [{ id: '1', title: 'Buy paint', status: 'Done' }, { id: '2', title: 'Paint', status: 'To Do' }] })).toBe('Buy paint (Hecha); Paint (Por hacer)');
      expect(subtasksText(t, {})).toBe('Sin subtareas');
      expect(taskColumns(t).map((column) => column.title)).toEqual(['Título', 'Descripción', 'Estado', 'Responsable', 'Fecha límite', 'Prioridad', 'Sobre', 'Subtareas']);
      expect(transactionColumns(t).map((column) => column.title)).toEqual(['Fecha', 'Descripción', 'Importe']);
      expect(amountText('1234.5')).toMatch(/^1234,50\s?US\$$/);
      expect(monthLabel('2026-03-01')).toBe('mar 2026');
      expect(revenueSummary([{ month: '2026-11-01', revenue: 12 }])).toMatch(/^Ingresos por mes, último mes: nov 2026 12,00\s?US\$$/);
    });
  });
});
