import { Body, Controller, Delete, Get, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  CreateProductRequest,
  ProductMessages,
  ReorderProductsRequest,
  UpdateProductRequest,
  type ProductView,
} from '@linkbio/shared-contracts';
import type { Request } from 'express';
import { isId } from '../../../shared/ids.js';
import { Answers, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { ObjectStorage } from '../../media/application/ports/object-storage.js';
import { requestOrigin } from '../../media/http/media.controller.js';
import { ManageProductsUseCase } from '../application/manage-products.use-case.js';
import { productNotFound, type Product } from '../domain/product.js';
import { ProductList, ProductViewSchema } from './products.openapi.js';

/** A malformed id names no product: answered exactly like a missing one. */
function productId(id: string): string {
  if (!isId(id)) throw productNotFound();
  return id.toLowerCase();
}

/** The creator's products (issue 27); anyone else's product is "not found". */
@Controller('api/products')
@UseGuards(SignedInGuard)
export class ProductsController {
  constructor(
    private readonly products: ManageProductsUseCase,
    private readonly storage: ObjectStorage,
  ) {}

  @Get()
  @ApiOperation({ summary: "The creator's products in their order" })
  @Answers(200, ProductList, 'The products.')
  async all(@CurrentUser() user: User): Promise<ProductView[]> {
    return (await this.products.list(user.id)).map((product) => this.view(product));
  }

  @Post()
  @ApiOperation({ summary: 'Add a product' })
  @Answers(201, ProductViewSchema, 'Added.')
  @Fails(403)
  async add(@CurrentUser() user: User, @Req() req: Request, @Body() body: CreateProductRequest): Promise<ProductView> {
    return this.view(await this.products.create(user.id, body, requestOrigin(req)));
  }

  @Put('order')
  @ApiOperation({ summary: 'Put the products in a new order (all their ids)' })
  @Answers(200, ProductList, 'Reordered.')
  async reorder(@CurrentUser() user: User, @Body() body: ReorderProductsRequest): Promise<ProductView[]> {
    return (await this.products.reorder(user.id, body.ids.map((id) => id.toLowerCase()))).map((product) => this.view(product));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of the creator\'s products' })
  @Answers(200, ProductViewSchema, 'The product.')
  @Fails(404)
  async one(@CurrentUser() user: User, @Param('id') id: string): Promise<ProductView> {
    return this.view(await this.products.get(user.id, productId(id)));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a product (only the fields given)' })
  @Answers(200, ProductViewSchema, 'Changed.')
  @Fails(403, 404)
  async update(@CurrentUser() user: User, @Req() req: Request, @Param('id') id: string, @Body() body: UpdateProductRequest): Promise<ProductView> {
    return this.view(await this.products.update(user.id, productId(id), body, requestOrigin(req)));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a product, its cover and its file' })
  @Answers(200, MessageViewSchema, 'Deleted.')
  @Fails(404)
  async remove(@CurrentUser() user: User, @Param('id') id: string): Promise<{ message: string }> {
    await this.products.delete(user.id, productId(id));
    return { message: ProductMessages.deleted };
  }

  private view(product: Product): ProductView {
    return {
      id: product.id,
      title: product.title,
      description: product.description,
      priceCents: product.priceCents,
      minPriceCents: product.minPriceCents,
      coverURL: product.coverKey ? this.storage.publicURL(product.coverKey) : null,
      file: product.file && { name: product.file.name, contentType: product.file.contentType, size: product.file.size },
      privateUrl: product.privateUrl,
      visible: product.visible,
      order: product.position,
      createdAt: product.createdAt.toISOString(),
    };
  }
}
