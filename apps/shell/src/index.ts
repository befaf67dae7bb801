// The entry's own task starts the federation runtime (it registers every shared module): a long task
// on a phone already. So nothing shared runs in it: the libs' modules (supabase's client, the runtime
// registry's schema and React behind them) are evaluated in a task after it, and the app's code in one
// after that. A posted message rather than a timer, as libs/boot `nextTask` explains; that helper
// is itself one of the shared modules this task leaves alone.
const channel = new MessageChannel();
channel.port1.onmessage = () => {
  channel.port1.close();
  void import(/* webpackMode: "eager" */ './start');
};
channel.port2.postMessage(null);
