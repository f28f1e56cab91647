/** An e-mail address as a log line may show it: `j***@example.com`. Anything else is returned unchanged. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  return `${address[0]}***${address.slice(at)}`;
}

const EMAIL_IN_TEXT = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** Every e-mail address in a text masked (see maskEmail): for messages that may quote one, such as an SMTP error. */
export function maskEmails(text: string): string {
  return text.includes('@') ? text.replace(EMAIL_IN_TEXT, maskEmail) : text;
}
