import { EntitySchema } from '@mikro-orm/core';
import { User } from '../domain/user.js';

export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: 'users',
  properties: {
    id: { type: 'uuid', primary: true },
    username: { type: 'string', length: 30 },
    email: { type: 'string', length: 254 },
    passwordHash: { type: 'string', length: 255, lazy: false },
    displayName: { type: 'string', length: 50 },
    bio: { type: 'string', length: 160, nullable: true },
    avatar: { type: 'string', length: 2048, nullable: true },
    theme: { type: 'string', length: 16 },
    backgroundColor: { type: 'string', length: 7, nullable: true },
    backgroundImage: { type: 'string', length: 2048, nullable: true },
    buttonColor: { type: 'string', length: 7, nullable: true },
    buttonTextColor: { type: 'string', length: 7, nullable: true },
    buttonShape: { type: 'string', length: 8 },
    paypalEmail: { type: 'string', length: 254, nullable: true },
    cashappHandle: { type: 'string', length: 20, nullable: true },
    enableBooking: { type: 'boolean' },
    bookingPrice: { type: 'integer', nullable: true },
    isPremium: { type: 'boolean' },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    emailVerifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    updatedAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
