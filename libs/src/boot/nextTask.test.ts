import { describe, expect, it } from 'vitest';
import { nextTask } from './nextTask';

describe('nextTask', () => {
  it('resolves after the current task and its microtasks, in a task of its own', async () => {
    const order: string[] = [];
    const yielded = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('this task');
    await yielded;
    expect(order).toEqual(['this task', 'microtask', 'next task']);
  });

  it('is not held back by timers: it resolves before a timer set first', async () => {
    const order: string[] = [];
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void order.push('timer')), 20));
    await nextTask().then(() => order.push('next task'));
    await timer;
    expect(order).toEqual(['next task', 'timer']);
  });
});
