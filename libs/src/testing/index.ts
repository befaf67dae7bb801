// Test support for every package's unit tests (libs and the apps): render a screen inside the
// providers a remote runs in, answer its requests from a recording Supabase client, pick antd
// options. Only tests import this; it is not shared with the remotes at runtime.
export { createRecordingClient, decodedQuery, type Answer, type CapturedRequest, type Responder } from './recordingClient';
export { TEST_ORG, renderWithStack, testSession } from './renderWithStack';
export { chooseOption } from './selectOption';
