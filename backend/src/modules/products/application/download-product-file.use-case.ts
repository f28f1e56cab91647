import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { ProductMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { DomainError, forbidden } from '../../../shared/domain-error.js';
import { ObjectStorage } from '../../media/application/ports/object-storage.js';
import type { ProductFile } from '../domain/product.js';
import { DownloadLinks } from './download-links.js';
import { ProductRepository } from './ports/product.repository.js';

export interface ProductDownload {
  file: ProductFile;
  body: Readable;
}

/**
 * A signed download link's file, streamed from the object store through our own route (so our headers are
 * always sent): refused when the link was altered, has expired, or names a file the product no longer has.
 */
@Injectable()
export class DownloadProductFileUseCase {
  constructor(
    private readonly products: ProductRepository,
    private readonly links: DownloadLinks,
    private readonly storage: ObjectStorage,
    private readonly clock: Clock,
  ) {}

  async execute(token: string): Promise<ProductDownload> {
    const parsed = this.links.parse(token);
    const product = parsed ? await this.products.findById(parsed.productId) : null;
    const verdict = this.links.verify(token, product?.file?.key ?? null, this.clock.now());
    if (!verdict.ok || !product?.file) {
      throw forbidden(!verdict.ok && verdict.reason === 'expired' ? ProductMessages.downloadLinkExpired : ProductMessages.downloadLinkInvalid);
    }
    const body = await this.storage.stream(product.file.key);
    if (!body) throw new DomainError('not_found', ProductMessages.downloadGone);
    return { file: product.file, body };
  }
}
