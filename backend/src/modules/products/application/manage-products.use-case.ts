import { Injectable } from '@nestjs/common';
import {
  type CreateProductRequest,
  PRODUCTS_PER_CREATOR,
  ProductMessages,
  type UpdateProductRequest,
} from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import { type Id, newId } from '../../../shared/ids.js';
import { pricing, type Product, productNotFound } from '../domain/product.js';
import { type CheckedCover, type CheckedFile, ProductAssets } from './product-assets.js';
import { ProductRepository } from './ports/product.repository.js';

const plainText = (text: string | undefined): string => (text ?? '').replace(/\r\n?/g, '\n');

/**
 * A creator's products: add, change, delete, reorder. Anyone else's product is "not found". Every check
 * (price, delivery, the uploads' owner, size and type) runs before anything is stored.
 */
@Injectable()
export class ManageProductsUseCase {
  constructor(
    private readonly products: ProductRepository,
    private readonly assets: ProductAssets,
    private readonly clock: Clock,
  ) {}

  list(creatorId: Id): Promise<Product[]> {
    return this.products.listOwned(creatorId);
  }

  async get(creatorId: Id, id: Id): Promise<Product> {
    const product = await this.products.findOwned(creatorId, id);
    if (!product) throw productNotFound();
    return product;
  }

  async create(creatorId: Id, input: CreateProductRequest, origin: string): Promise<Product> {
    if (input.fileURL !== undefined && input.privateUrl !== undefined) throw invalid(ProductMessages.oneDelivery);
    const price = pricing(input);
    const existing = await this.products.listOwned(creatorId);
    if (existing.length >= PRODUCTS_PER_CREATOR) throw invalid(ProductMessages.tooMany);
    const { cover, file } = await this.check(creatorId, input, origin);

    const now = this.clock.now();
    const product: Product = {
      id: newId(),
      creatorId,
      title: input.title,
      description: plainText(input.description),
      ...price,
      coverKey: null,
      file: null,
      privateUrl: input.privateUrl ?? null,
      visible: input.visible ?? true,
      position: 0,
      createdAt: now,
      updatedAt: now,
    };
    await this.store(creatorId, product, cover, file);
    if (!(await this.products.insert(product, PRODUCTS_PER_CREATOR).catch(async (error: unknown) => this.undo(product, error)))) {
      await this.assets.release(product, null);
      throw invalid(ProductMessages.tooMany);
    }
    return product;
  }

  async update(creatorId: Id, id: Id, input: UpdateProductRequest, origin: string): Promise<Product> {
    if (Object.values(input).every((value) => value === undefined)) throw invalid(ProductMessages.nothingToUpdate);
    if (input.fileURL !== undefined && input.privateUrl !== undefined) throw invalid(ProductMessages.oneDelivery);
    const before = await this.get(creatorId, id);
    const price = pricing(input, before);
    const { cover, file } = await this.check(creatorId, input, origin);

    const product: Product = {
      ...before,
      ...price,
      title: input.title ?? before.title,
      description: input.description === undefined ? before.description : plainText(input.description),
      visible: input.visible ?? before.visible,
      coverKey: input.coverURL === null ? null : before.coverKey,
      file: input.privateUrl !== undefined ? null : before.file,
      privateUrl: input.fileURL !== undefined ? null : (input.privateUrl ?? before.privateUrl),
      updatedAt: this.clock.now(),
    };
    await this.store(creatorId, product, cover, file);
    if (!(await this.products.save(product).catch(async (error: unknown) => this.undo(product, error, before)))) {
      // Deleted while its files were being stored.
      await this.assets.release(product, before);
      throw productNotFound();
    }
    await this.assets.release(before, product);
    return product;
  }

  async delete(creatorId: Id, id: Id): Promise<void> {
    const removed = await this.products.remove(creatorId, id);
    if (!removed) throw productNotFound();
    await this.assets.release(removed, null);
  }

  async reorder(creatorId: Id, ids: Id[]): Promise<Product[]> {
    if (!(await this.products.reorder(creatorId, ids, this.clock.now()))) throw invalid(ProductMessages.orderIds);
    return this.products.listOwned(creatorId);
  }

  private async check(creatorId: Id, input: UpdateProductRequest, origin: string): Promise<{ cover?: CheckedCover; file?: CheckedFile }> {
    const cover = typeof input.coverURL === 'string' ? await this.assets.checkCover(creatorId, input.coverURL, origin) : undefined;
    const file = input.fileURL !== undefined ? await this.assets.checkFile(creatorId, input.fileURL, input.fileName, origin) : undefined;
    return { cover, file };
  }

  private async store(creatorId: Id, product: Product, cover?: CheckedCover, file?: CheckedFile): Promise<void> {
    if (cover) product.coverKey = await this.assets.storeCover(creatorId, cover);
    if (file) {
      product.file = await this.assets.keepFile(creatorId, file).catch(async (error: unknown) => {
        if (cover && product.coverKey) await this.assets.delete(product.coverKey);
        throw error;
      });
    }
  }

  /** The write failed: the objects stored for it go, and the error stands. */
  private async undo(product: Product, error: unknown, before?: Product): Promise<never> {
    await this.assets.release(product, before ?? null);
    throw error;
  }
}
