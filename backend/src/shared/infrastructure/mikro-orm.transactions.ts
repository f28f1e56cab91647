import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Transactions } from '../transactions.js';

/** em.transactional: stores injecting the EntityManager join it (MikroORM's transaction context). */
@Injectable()
export class MikroOrmTransactions extends Transactions {
  constructor(private readonly em: EntityManager) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.em.transactional(() => work());
  }
}
