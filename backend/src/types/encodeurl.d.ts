declare module 'encodeurl' {
  /** Percent-encodes what a URL may not carry as it is, leaving valid escapes alone (as Express's redirect does). */
  export default function encodeUrl(url: string): string;
}
