// What paygate takes for an e-mail address (a customer's, a split seller's): one rule for the CLI
// and the sandbox. Deliberately loose (something@host.tld, no spaces): the gateway has the last word.

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS.test(text);
}
