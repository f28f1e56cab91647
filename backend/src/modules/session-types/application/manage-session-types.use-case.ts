import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  SESSION_TYPES_PER_CREATOR,
  SessionTypeMessages,
  type SessionTypeRequest,
  type UpdateSessionTypeRequest,
} from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import { type Id, newId } from '../../../shared/ids.js';
import {
  IMPLICIT_SESSION_TYPE_NAME,
  type ImplicitSessionType,
  plainText,
  type SessionType,
  sessionTypeNotFound,
  storedLocation,
  tooManySessionTypes,
  withQuestionIds,
} from '../domain/session-type.js';
import { SessionTypeRepository } from './ports/session-type.repository.js';

/** A short question id: 8 URL-safe characters. */
const newQuestionId = (): string => randomBytes(6).toString('base64url');

/**
 * A creator's session types: list, add, change, switch on or off, reorder, delete. Anyone else's type is "not
 * found". A creator who offered sessions before adding any type (their booking price and session length) sees
 * that offer as their first type, stored the first time they list or add types, so it is never lost.
 */
@Injectable()
export class ManageSessionTypesUseCase {
  constructor(
    private readonly types: SessionTypeRepository,
    private readonly clock: Clock,
  ) {}

  async list(creatorId: Id): Promise<SessionType[]> {
    await this.types.storeImplicit(creatorId, (implicit) => this.implicitType(creatorId, implicit));
    return this.types.listOwned(creatorId);
  }

  async create(creatorId: Id, input: SessionTypeRequest): Promise<SessionType> {
    await this.types.storeImplicit(creatorId, (implicit) => this.implicitType(creatorId, implicit));
    const now = this.clock.now();
    const type: SessionType = {
      id: newId(),
      creatorId,
      name: input.name,
      minutes: input.minutes,
      priceCents: input.priceCents,
      description: plainText(input.description),
      location: storedLocation(input.location),
      questions: withQuestionIds(input.questions ?? [], newQuestionId),
      enabled: true,
      position: 0,
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.types.insert(type, SESSION_TYPES_PER_CREATOR))) throw tooManySessionTypes();
    return type;
  }

  async update(creatorId: Id, id: Id, input: UpdateSessionTypeRequest): Promise<SessionType> {
    if (Object.values(input).every((value) => value === undefined)) throw invalid(SessionTypeMessages.nothingToUpdate);
    const before = await this.types.findOwned(creatorId, id);
    if (!before) throw sessionTypeNotFound();
    const type: SessionType = {
      ...before,
      name: input.name ?? before.name,
      minutes: input.minutes ?? before.minutes,
      priceCents: input.priceCents ?? before.priceCents,
      description: input.description === undefined ? before.description : plainText(input.description),
      location: input.location === undefined ? before.location : storedLocation(input.location),
      questions: input.questions === undefined ? before.questions : withQuestionIds(input.questions, newQuestionId),
      enabled: input.enabled ?? before.enabled,
      updatedAt: this.clock.now(),
    };
    if (!(await this.types.save(type))) throw sessionTypeNotFound();
    return type;
  }

  async delete(creatorId: Id, id: Id): Promise<void> {
    const outcome = await this.types.remove(creatorId, id);
    if (outcome === 'missing') throw sessionTypeNotFound();
    if (outcome === 'only-type') throw invalid(SessionTypeMessages.onlyType);
  }

  async reorder(creatorId: Id, ids: Id[]): Promise<SessionType[]> {
    if (!(await this.types.reorder(creatorId, ids, this.clock.now()))) throw invalid(SessionTypeMessages.orderIds);
    return this.types.listOwned(creatorId);
  }

  private implicitType(creatorId: Id, implicit: ImplicitSessionType): SessionType {
    const now = this.clock.now();
    return {
      id: newId(),
      creatorId,
      name: IMPLICIT_SESSION_TYPE_NAME,
      minutes: implicit.minutes,
      priceCents: implicit.priceCents,
      description: '',
      location: null,
      questions: [],
      enabled: true,
      position: 0,
      createdAt: now,
      updatedAt: now,
    };
  }
}
