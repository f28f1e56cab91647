import { EntitySchema } from '@mikro-orm/core';
import { Link } from '../domain/link.js';

export const LinkSchema = new EntitySchema<Link>({
  class: Link,
  tableName: 'links',
  properties: {
    id: { type: 'uuid', primary: true },
    ownerId: { type: 'uuid' },
    kind: { type: 'string', length: 10, default: 'link' },
    title: { type: 'string', length: 100 },
    url: { type: 'string', length: 2048 },
    isActive: { type: 'boolean' },
    order: { type: 'integer', fieldName: 'position' },
    startsAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    endsAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
    thumbnail: { type: 'string', length: 2048, nullable: true },
  },
});
