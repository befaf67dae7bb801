/**
 * Resolves in a task of its own, after the browser has had a turn (input, paint): the page's start
 * yields here between its steps, so none of them is one long task on a slow phone. A posted message
 * rather than a timer: a timer is clamped once nested and, in a tab opened in the background, held for
 * up to a second each time; a message on a channel of its own is neither.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
