import { describe, expect, it } from 'vitest';
import { toastReducer, type ToastItem } from './toastReducer';
import { notifyReducer, type NotifyItem } from './notifyReducer';

const item = (id: string): ToastItem => ({ id, title: id, variant: 'default', open: true });
const note = (id: string, message = id): NotifyItem => ({ id, type: 'info', message });

describe('toastReducer (first system)', () => {
  it('keeps only the newest toast', () => {
    const state = toastReducer(toastReducer([], { type: 'add', toast: item('a') }), { type: 'add', toast: item('b') });
    expect(state.map((t) => t.id)).toEqual(['b']);
  });

  it('closes a dismissed toast without removing it', () => {
    expect(toastReducer([item('a')], { type: 'dismiss', id: 'a' })).toEqual([{ ...item('a'), open: false }]);
  });

  it('removes one toast or all', () => {
    expect(toastReducer([item('a')], { type: 'remove', id: 'a' })).toEqual([]);
    expect(toastReducer([item('a')], { type: 'remove' })).toEqual([]);
  });

  it('updates a toast in place', () => {
    expect(toastReducer([item('a')], { type: 'update', id: 'a', patch: { variant: 'destructive' } })[0]?.variant).toBe('destructive');
  });
});

describe('notifyReducer (second system)', () => {
  it('lists the newest first', () => {
    const state = notifyReducer(notifyReducer([], { type: 'show', item: note('a') }), { type: 'show', item: note('b') });
    expect(state.map((n) => n.id)).toEqual(['b', 'a']);
  });

  it('replaces a message shown again with the same id', () => {
    const state = notifyReducer([note('a', 'Saving…'), note('b')], { type: 'show', item: { id: 'a', type: 'success', message: 'Saved' } });
    expect(state).toEqual([{ id: 'a', type: 'success', message: 'Saved' }, note('b')]);
  });

  it('dismisses one message or all', () => {
    expect(notifyReducer([note('a'), note('b')], { type: 'dismiss', id: 'a' })).toEqual([note('b')]);
    expect(notifyReducer([note('a')], { type: 'dismiss' })).toEqual([]);
  });
});
