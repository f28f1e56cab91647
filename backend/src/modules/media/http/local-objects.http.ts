import { BACKGROUND_MAX_BYTES, Messages } from '@linkbio/shared-contracts';
import type { NextFunction, Request, Response } from 'express';
import type { Clock } from '../../../shared/clock.js';
import type { UploadGrants } from '../application/ports/upload-grants.js';
import { imageTypeOfKey } from '../domain/image-type.js';
import { imageKeyOwner, uploadKeyOwner } from '../domain/object-keys.js';
import { UploadTooLarge, type LocalDiskObjectStorage } from '../infrastructure/local-disk-object-storage.js';

const refuse = (res: Response, statusCode: number, message: string) => res.status(statusCode).json({ statusCode, message });

/**
 * The local store's HTTP side, mounted at /objects: GET/HEAD serve checked images (their type, a year of
 * caching, nosniff); PUT receives the one upload an upload URL allows (HMAC token, expiry, single use, size
 * counted while streaming to disk).
 */
export function localObjectsHandler(storage: LocalDiskObjectStorage, grants: UploadGrants, clock: Clock) {
  const serve = async (key: string, req: Request, res: Response) => {
    const type = imageKeyOwner(key) ? imageTypeOfKey(key) : null;
    const size = type ? await storage.size(key) : null;
    if (!type || size === null) return refuse(res, 404, Messages.notFound);
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', String(size));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    if (req.method === 'HEAD') return res.end();
    const stream = storage.read(key);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };

  const receive = async (key: string, req: Request, res: Response) => {
    if (!uploadKeyOwner(key)) return refuse(res, 404, Messages.notFound);
    const expires = Number(req.query.expires);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    // A signed `max` raises the limit for a product's file (issue 27); without one, the images' limit.
    const max = typeof req.query.max === 'string' ? Number(req.query.max) : undefined;
    if (max !== undefined && !Number.isSafeInteger(max)) return refuse(res, 403, Messages.uploadLinkInvalid);
    const limit = max ?? BACKGROUND_MAX_BYTES;
    if (!Number.isSafeInteger(expires) || !storage.verifyToken(key, expires, token, max)) {
      return refuse(res, 403, Messages.uploadLinkInvalid);
    }
    const now = clock.now();
    if (expires * 1000 <= now.getTime()) return refuse(res, 403, Messages.uploadLinkExpired);
    if (Number(req.headers['content-length'] ?? 0) > limit) return refuse(res, 413, Messages.uploadTooLarge);
    if (!(await grants.markUploaded(key, now))) {
      const grant = await grants.find(key);
      if (!grant || grant.expiresAt.getTime() <= now.getTime()) return refuse(res, 403, Messages.uploadLinkExpired);
      return refuse(res, 409, Messages.uploadLinkUsed);
    }
    try {
      await storage.write(key, req, limit);
    } catch (error) {
      if (error instanceof UploadTooLarge) {
        res.setHeader('Connection', 'close');
        return refuse(res, 413, Messages.uploadTooLarge);
      }
      throw error;
    }
    res.status(200).end();
  };

  return (req: Request, res: Response, next: NextFunction) => {
    const key = req.path.replace(/^\/+/, '');
    const work =
      req.method === 'GET' || req.method === 'HEAD'
        ? serve(key, req, res)
        : req.method === 'PUT'
          ? receive(key, req, res)
          : Promise.resolve(refuse(res.setHeader('Allow', 'GET, HEAD, PUT'), 405, Messages.notFound));
    work.catch(next);
  };
}
