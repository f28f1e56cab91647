import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiResponse } from '@nestjs/swagger';
import type { ApiError, MessageView as MessageViewContract } from '@linkbio/shared-contracts';
import { arrayOf, component, integer, objectOf, optional, string, type Schema } from './schema.js';

/** Every error the API answers with JSON (DomainErrorFilter, the request guards, the fast paths). */
export const ErrorBody = component(
  'Error',
  objectOf<ApiError>()({
    statusCode: integer,
    message: string,
    errors: optional({ ...arrayOf(string), description: 'Every validation message, the first of which is `message`.' }),
  }),
);

/** `{ message }`: what many calls answer once done, in words a person reads. */
export const MessageViewSchema = component('MessageView', objectOf<MessageViewContract>()({ message: string }));

const JSON_TYPE = 'application/json';

export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid; `message` says what to change.',
  401: 'Not signed in (or, for operators, not their credentials).',
  402: 'The card was declined.',
  403: 'Not allowed: a call from another site, or something the plan or account does not allow.',
  404: 'Not found.',
  409: 'Conflicts with the current state.',
  413: 'The body is too large.',
  415: 'The body is not JSON.',
  429: 'Too many attempts; `Retry-After` says when to try again.',
  500: 'Something went wrong on our side.',
  503: 'A store or the payment provider is away; `Retry-After` says when to try again.',
};

/** A JSON answer with this status and shape. */
export const Answers = (status: number, schema: Schema, description = 'OK') =>
  ApiResponse({ status, description, content: { [JSON_TYPE]: { schema } } });

/** Error answers (`{ statusCode, message }`) this route gives besides those every route can give. */
export const Fails = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: ERROR_DESCRIPTIONS[status] ?? 'Error', content: { [JSON_TYPE]: { schema: ErrorBody } } }),
    ),
  );

/** An HTML page (the public pages); `orError`: or, from the API's pipeline, the JSON error. */
export const AnswersHtml = (status: number, description: string, orError = false) =>
  ApiResponse({
    status,
    description,
    content: { 'text/html': { schema: { type: 'string' } }, ...(orError ? { [JSON_TYPE]: { schema: ErrorBody } } : {}) },
  });

/** 304: the copy the client holds (If-None-Match) is current. */
export const NotModified = () => ApiResponse({ status: 304, description: 'The copy named by If-None-Match is current.' });

/** A redirect to `Location`. */
export const Redirects = (status: number, description: string) =>
  ApiResponse({ status, description, headers: { Location: { schema: { type: 'string' }, description: 'Where to go' } } });

/** A file to download, of this media type. */
export const AnswersFile = (type: string, description: string, schema: Schema = { type: 'string', contentMediaType: type }) =>
  applyDecorators(
    ApiProduces(type),
    ApiResponse({
      status: 200,
      description,
      headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="…"' } },
      content: { [type]: { schema } },
    }),
  );
