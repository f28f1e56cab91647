import type { ProductView as ProductViewContract } from '@linkbio/shared-contracts';
import { arrayOf, boolean, component, dateTime, integer, nullable, objectOf, string, uuid } from '../../../shared/http/openapi/schema.js';

/** A creator's product as the products calls answer it (toProductView): the private URL included. */
export const ProductViewSchema = component(
  'ProductView',
  objectOf<ProductViewContract>()({
    id: uuid,
    title: string,
    description: string,
    priceCents: nullable(integer),
    minPriceCents: nullable(integer),
    coverURL: nullable(string),
    file: nullable(objectOf<NonNullable<ProductViewContract['file']>>()({ name: string, contentType: string, size: integer })),
    privateUrl: nullable(string),
    visible: boolean,
    order: integer,
    createdAt: dateTime,
  }),
);

export const ProductList = arrayOf(ProductViewSchema);
