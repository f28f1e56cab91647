import { Module } from '@nestjs/common';
import { ProductCatalog } from './application/ports/product-catalog.js';
import { PostgresProductCatalog } from './infrastructure/postgres-product-catalog.js';

/** Digital products a creator sells from the page. Other modules use its port, ProductCatalog. */
@Module({
  providers: [{ provide: ProductCatalog, useClass: PostgresProductCatalog }],
  exports: [ProductCatalog],
})
export class ProductsModule {}
