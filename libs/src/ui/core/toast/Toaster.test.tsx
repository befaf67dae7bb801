import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { toast, undoToast } from './toast';
import { notify } from './notify';

describe('Toaster', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => {
      toast.dismiss();
      notify.dismiss();
    });
    vi.useRealTimers();
  });

  it('shows one first-system toast at a time and closes it after 5 s', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Email Taken', description: 'An account with this email already exists.' });
    });
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('status')).toHaveLength(1);
    expect(within(list).getByText('Email Taken')).toBeInTheDocument();
    expect(within(list).getByText('An account with this email already exists.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(within(list).queryByText('Email Taken')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(within(list).queryByText('Email Taken')).not.toBeInTheDocument();
  });

  it('offers Undo for 10 s: pressing it runs the undo once and closes the toast', () => {
    const onUndo = vi.fn();
    render(<Toaster />);
    act(() => void undoToast('Archived Maya Chen', onUndo));
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.getByText('Archived Maya Chen')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Archived Maya Chen')).not.toBeInTheDocument();
  });

  it('closes an Undo toast after 10 s without undoing', () => {
    const onUndo = vi.fn();
    render(<Toaster />);
    act(() => void undoToast('Archived 3 contacts', onUndo));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Archived 3 contacts')).not.toBeInTheDocument();
    expect(onUndo).not.toHaveBeenCalled();
  });

  it('announces destructive toasts as alerts', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Error', description: 'Something went wrong.', variant: 'destructive' }));
    expect(screen.getByRole('alert')).toHaveTextContent('ErrorSomething went wrong.');
  });

  it('pauses the auto-close while hovered and resumes with the time left', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Welcome back!' }));
    const card = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(card);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    fireEvent.mouseLeave(card);
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Welcome back!')).not.toBeInTheDocument();
  });

  it('pauses while focus is inside the toast', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Focused' }));
    act(() => screen.getByRole('button', { name: 'Close' }).focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Focused')).toBeInTheDocument();
  });

  it('shows at most three second-system messages and closes them after 4 s', () => {
    render(<Toaster />);
    act(() => {
      notify.info('one');
      notify.success('two');
      notify.warning('three');
      notify.info('four');
    });
    const list = screen.getByRole('list', { name: 'Status messages' });
    expect(within(list).getAllByRole('status').map((el) => el.textContent)).toEqual(['ifour', '!three', '✓two']);
    act(() => vi.advanceTimersByTime(4000));
    expect(within(list).queryByText('four')).not.toBeInTheDocument();
  });

  it('keeps a loading message until it is replaced', () => {
    render(<Toaster />);
    let id = '';
    act(() => void (id = notify.loading('Saving…')));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    act(() => void notify.success('Saved', { id }));
    expect(screen.queryByText('Saving…')).not.toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });

  it('closes with the Close button and with Escape', () => {
    render(<Toaster />);
    act(() => void notify.error('Failed'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
    act(() => void notify.info('Again'));
    fireEvent.keyDown(screen.getByRole('status'), { key: 'Escape' });
    expect(screen.queryByText('Again')).not.toBeInTheDocument();
  });

  it('closes on a swipe to the right of at least the threshold (20 px for status messages)', () => {
    render(<Toaster />);
    act(() => void notify.info('Swipe me'));
    const card = screen.getByRole('status');
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 119, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 119, pointerId: 1 });
    expect(screen.getByText('Swipe me')).toBeInTheDocument();
    fireEvent.pointerDown(card, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card, { clientX: 120, pointerId: 1 });
    fireEvent.pointerUp(card, { clientX: 120, pointerId: 1 });
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });
});
