import type { Server } from 'node:http';
import { afterAll } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { EmailMessage } from '../../src/shared/email/email-sender.js';
import { FileEmailSender } from '../../src/shared/email/file-email.sender.js';
import { SmtpEmailSender } from '../../src/shared/email/smtp-email.sender.js';
import { watchServer } from './answers-observed.js';
import type { ObservedResponse } from './openapi-check.js';
import { suiteLogLines } from './suite-log.js';

/**
 * Every integration spec file runs with this (jest.integration.config.js, setupFilesAfterEnv): every secret
 * the APIs of the file hand out — in an answer (a payment's client secret, a two-factor secret and recovery
 * codes, an upload URL's signature, a session cookie, a calendar feed's address) or in an e-mail (a booking's
 * manage link, the reset and address-confirmation links' tokens) — is noted, and once the file is done none
 * may appear in any line the file's APIs logged (startApp's suite log, every request's line included). A
 * secret found fails the file, naming the kind of secret and the line's path and message.
 */

/** Shorter values could be anything (a status, a word): the product's secrets are all longer. */
const MIN_LENGTH = 12;
/** Secrets in a link or text: manage links, the tokens and signatures in a URL's query, a provider's secret. */
const IN_TEXT: Array<[string, RegExp]> = [
  ['a booking manage token', /\/booking\/([A-Za-z0-9_-]+)/g],
  ['a product download link', /\/api\/downloads\/([A-Za-z0-9_.-]+)/g],
  ['an order link token', /\/order\/([A-Za-z0-9_-]+)/g],
  ['an e-mail list confirmation token', /\/list\/confirm\/([A-Za-z0-9_-]+)/g],
  ['an e-mail list unsubscribe token', /\/unsubscribe\/([A-Za-z0-9_-]+)/g],
  ['a calendar feed token', /\/calendar\/([A-Za-z0-9_-]+)\.ics/g],
  ['a token in a link', /[?&](?:token|secret|signature|X-Amz-Signature|X-Amz-Credential)=([^&#\s"'<>]+)/gi],
  ['a payment client secret', /\b([A-Za-z0-9]+_secret_[A-Za-z0-9]+)/g],
];
/** Fields of an answer whose value is a secret as a whole. */
const SECRET_FIELDS = new Set(['clientSecret', 'secret', 'recoveryCodes', 'token', 'manageToken']);

const secrets = new Map<string, string>();

function note(kind: string, value: unknown): void {
  if (typeof value === 'string' && value.length >= MIN_LENGTH && !secrets.has(value)) secrets.set(value, kind);
}

function noteInText(text: string): void {
  for (const [kind, pattern] of IN_TEXT) {
    for (const match of text.matchAll(pattern)) {
      note(kind, match[1]);
      try {
        note(kind, decodeURIComponent(match[1]!));
      } catch {
        // Not percent-encoded text: the raw value is noted.
      }
    }
  }
}

function noteInJson(value: unknown, field?: string): void {
  if (typeof value === 'string') {
    if (field !== undefined && SECRET_FIELDS.has(field)) note(`the answer's ${field}`, value);
    noteInText(value);
  } else if (Array.isArray(value)) {
    for (const item of value) noteInJson(item, field);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) noteInJson(item, key);
  }
}

function noteAnswer(answer: ObservedResponse): void {
  for (const line of answer.setCookie ?? []) {
    const value = line.slice(line.indexOf('=') + 1).split(';')[0]!;
    note('a cookie', value);
    const decoded = decodeURIComponent(value);
    note('a cookie', decoded);
    // A signed cookie, s:<value>.<signature>: the value alone (a session id) is a secret too.
    if (decoded.startsWith('s:')) note('a session id', decoded.slice(2, decoded.lastIndexOf('.')));
  }
  if (!answer.body) return;
  if (answer.contentType?.includes('json')) {
    try {
      noteInJson(JSON.parse(answer.body));
      return;
    } catch {
      // Not JSON after all: read as text.
    }
  }
  noteInText(answer.body);
}

const create = NestFactory.create.bind(NestFactory) as (...args: unknown[]) => Promise<INestApplication>;
(NestFactory as unknown as { create: typeof create }).create = async (...args: unknown[]) => {
  const app = await create(...args);
  watchServer(app.getHttpServer() as Server, noteAnswer);
  return app;
};

for (const sender of [SmtpEmailSender, FileEmailSender]) {
  const send = sender.prototype.send as (this: unknown, message: EmailMessage) => Promise<void>;
  sender.prototype.send = function (this: unknown, message: EmailMessage) {
    noteInText(message.text);
    return send.call(this, message);
  };
}

/** The lines holding a secret, each named by the kind of secret, with the line's path and message. */
export function linesWithSecrets(lines: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    for (const [secret, kind] of secrets) {
      if (!line.includes(secret)) continue;
      const { path, msg } = JSON.parse(line) as { path?: string; msg?: string };
      found.push(
        `${kind} (${secret.slice(0, 4)}…) in the line ${JSON.stringify({ path: path?.replace(secret, '…'), msg: msg?.replace(secret, '…') })}`,
      );
    }
  }
  return found;
}

afterAll(() => {
  const found = linesWithSecrets(suiteLogLines);
  if (found.length > 0) throw new Error(`Secrets written to the log:\n  ${found.join('\n  ')}`);
});
