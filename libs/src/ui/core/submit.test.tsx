import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useDialog, useSubmit } from './submit';

/** A write the test finishes when it wants. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('runs a write once while it is running, busy meanwhile, then calls onDone', async () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useSubmit({ onDone }));
    const write = pending<string>();
    const writer = vi.fn(() => write.promise);
    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    act(() => {
      first = result.current.run(writer);
      second = result.current.run(writer);
    });
    expect(result.current.busy).toBe(true);
    expect(writer).toHaveBeenCalledTimes(1);
    await expect(second).resolves.toEqual({ ok: false });
    await act(async () => {
      write.resolve('saved');
      await first;
    });
    await expect(first).resolves.toEqual({ ok: true, value: 'saved' });
    expect(result.current.busy).toBe(false);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('tells a refusal in the alert, clears it on the next try, and does not call onDone', async () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useSubmit({ describe: (error) => `Failed: ${(error as Error).message}`, onDone }));
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('duplicate key')));
    });
    expect(result.current.alert).toBe('Failed: duplicate key');
    expect(result.current.busy).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
    const write = pending<void>();
    act(() => {
      void result.current.run(() => write.promise);
    });
    expect(result.current.alert).toBeNull();
    await act(async () => write.resolve());
  });
});

describe('useDialog', () => {
  it('stays open while its write runs, closes when it succeeds, and gives focus back to its opener', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { result } = renderHook(() => useDialog());
    act(() => result.current.show());
    expect(result.current.open).toBe(true);
    // Focus moves into the dialog.
    opener.blur();
    const write = pending<number>();
    let outcome!: Promise<unknown>;
    act(() => {
      outcome = result.current.submit(() => write.promise);
    });
    expect(result.current.modalProps).toMatchObject({ open: true, keyboard: false, closable: false, mask: { closable: false } });
    let closed = true;
    act(() => {
      closed = result.current.close();
    });
    expect(closed).toBe(false);
    expect(result.current.open).toBe(true);
    await act(async () => {
      write.resolve(7);
      await outcome;
    });
    expect(result.current.open).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(opener));
    opener.remove();
  });

  it('keeps the dialog open with the alert when the write is refused', async () => {
    const { result } = renderHook(() => useDialog({ describe: () => 'Save failed' }));
    act(() => result.current.show());
    await act(async () => {
      await result.current.submit(() => Promise.reject(new Error('')));
    });
    expect(result.current.open).toBe(true);
    expect(result.current.alert).toBe('Save failed');
    act(() => {
      result.current.close();
    });
    expect(result.current.open).toBe(false);
    expect(result.current.alert).toBeNull();
  });
});
