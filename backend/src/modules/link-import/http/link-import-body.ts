import type { NextFunction, Request, Response } from 'express';
import { LINK_IMPORT_MAX_BYTES, LinkImportMessages } from '@linkbio/shared-contracts';
import { findProblem, jsonBody } from '../../../shared/http/request-guards.js';
import { SESSION_COOKIE } from '../../identity/identity.constants.js';

export const LINK_IMPORT_PREVIEW_PATH = '/api/imports/preview';

/**
 * The import preview's body: JSON carrying a whole file's text, so it gets a parser of its own before the
 * API's (64 KB bodies, 20,000-character strings), which then pass it by. A body of more than twice the file
 * limit (room for JSON's escapes) is answered 413 with a plain message as its bytes arrive, never buffered
 * whole: the parser stops keeping them at the limit and reads the rest off the connection. Every string is
 * checked as the API's guard checks them (no NUL or control characters, well-formed Unicode, no prototype
 * keys), only longer: up to the file limit.
 */
const parse = jsonBody(`${(2 * LINK_IMPORT_MAX_BYTES) / 1024}kb`, LinkImportMessages.fileTooLarge);

export function linkImportPreviewBody(req: Request, res: Response, next: NextFunction): void {
  // Without a session cookie the call is refused anyway (401): its body gets only the API's 64 KB.
  if (!req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return next();
  parse(req, res, () => {
    const content = (req.body as { content?: unknown } | undefined)?.content;
    if (typeof content === 'string' && Buffer.byteLength(content, 'utf8') > LINK_IMPORT_MAX_BYTES) {
      res.status(413).json({ statusCode: 413, message: LinkImportMessages.fileTooLarge });
      return;
    }
    const problem = findProblem(req.body, 0, LINK_IMPORT_MAX_BYTES);
    if (problem !== null) {
      res.status(400).json({ statusCode: 400, message: problem });
      return;
    }
    next();
  });
}

/** Whether the request is the import preview's, whose body linkImportPreviewBody has read and checked. */
export const isLinkImportPreview = (req: Request): boolean =>
  req.originalUrl.split('?')[0] === LINK_IMPORT_PREVIEW_PATH && req.headers.cookie?.includes(`${SESSION_COOKIE}=`) === true;
