/**
 * The product's own sender address (MAIL_FROM's address part, 'no-reply@linkbio.local'): what e-mails name in
 * place of a creator's sign-in address, e.g. as the organizer of the invite a visitor gets.
 */
export class SenderAddress {
  constructor(readonly address: string) {}

  /** 'Linkbio <no-reply@linkbio.local>' → 'no-reply@linkbio.local'; a bare address as it is. */
  static of(mailFrom: string): SenderAddress {
    const bracketed = /<([^<>\s]+)>\s*$/.exec(mailFrom);
    return new SenderAddress((bracketed ? bracketed[1]! : mailFrom).trim());
  }
}
