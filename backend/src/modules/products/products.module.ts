import { createHash } from 'node:crypto';
import { Module } from '@nestjs/common';
import { type Env, sessionSecrets } from '../../config/env.js';
import { ENV } from '../../shared/infrastructure/infrastructure.tokens.js';
import { MediaModule } from '../media/media.module.js';
import { DownloadLinks } from './application/download-links.js';
import { DownloadProductFileUseCase } from './application/download-product-file.use-case.js';
import { ManageProductsUseCase } from './application/manage-products.use-case.js';
import { ProductAssets } from './application/product-assets.js';
import { ProductCatalog } from './application/ports/product-catalog.js';
import { ProductRepository } from './application/ports/product.repository.js';
import { DownloadsController } from './http/downloads.controller.js';
import { ProductsController } from './http/products.controller.js';
import { PostgresProductCatalog } from './infrastructure/postgres-product-catalog.js';
import { PostgresProductRepository } from './infrastructure/postgres-product.repository.js';

/** Download links are signed with a key of their own, derived from each session secret (rotating with them). */
const downloadSecrets = (env: Env) =>
  sessionSecrets(env).map((secret) => createHash('sha256').update(`linkbio-downloads\n${secret}`).digest('base64url'));

/** Digital products a creator sells from the page. Other modules use its port, ProductCatalog. */
@Module({
  imports: [MediaModule],
  controllers: [ProductsController, DownloadsController],
  providers: [
    { provide: ProductCatalog, useClass: PostgresProductCatalog },
    { provide: ProductRepository, useClass: PostgresProductRepository },
    { provide: DownloadLinks, inject: [ENV], useFactory: (env: Env) => new DownloadLinks(downloadSecrets(env)) },
    ProductAssets,
    ManageProductsUseCase,
    DownloadProductFileUseCase,
  ],
  exports: [ProductCatalog],
})
export class ProductsModule {}
