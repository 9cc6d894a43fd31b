/** The subscribe form's words, shared by the reader bundle (which leaves zod out) and the server's schemas. */
export const SUBSCRIBE_ANSWER = 'Check your inbox to confirm'
export const SUBSCRIBE_PROMISE = 'New posts by email, nothing else. Unsubscribe with one click.'
