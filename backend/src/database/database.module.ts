import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { mikroOrmConfig } from './mikro-orm.config.js';

/**
 * The MikroORM instance and its EntityManager. The EntityManager resolves to the current request's
 * context (created per request in create-app.ts), so repositories can inject it directly.
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly orm: MikroORM) {}

  static forUrl(databaseUrl: string, poolMax: number): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: MikroORM, useFactory: () => MikroORM.init(mikroOrmConfig(databaseUrl, poolMax)) },
        { provide: EntityManager, inject: [MikroORM], useFactory: (orm: MikroORM) => orm.em },
      ],
      exports: [MikroORM, EntityManager],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.orm.close(true);
  }
}
