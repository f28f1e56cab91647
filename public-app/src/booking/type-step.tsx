import { formatCents, LOCATION_KIND_LABELS, type Attribution, type PublicSessionType } from '@linkbio/shared-contracts';
import type { Ref } from 'react';
import { withAttribution } from '../lib/attribution';
import { Texts } from '../texts';

/** `/book/{username}?type={id}`: the booking page of one session type (its times, its questions, its price). */
export const typeHref = (username: string, typeId: string) =>
  `/book/${encodeURIComponent(username)}?type=${encodeURIComponent(typeId)}`;

/** '45 min · $40.00 · Video call': what a type is before paying; where it meets by kind only, never an address. */
export function typeSummary(type: PublicSessionType): string {
  const meta = Texts.typeMeta(type.minutes, formatCents(type.priceCents));
  return type.locationKind ? `${meta} · ${LOCATION_KIND_LABELS[type.locationKind]}` : meta;
}

export interface TypeStepProps {
  username: string;
  types: readonly PublicSessionType[];
  /** The type the visitor is booking, when they came back here to change it. */
  chosenId: string | null;
  headingRef: Ref<HTMLHeadingElement>;
  /** Picking the type already chosen goes on without loading the page again. */
  onKeep: () => void;
  /** The visit's attribution the page's address carried, kept by each type's link. */
  attribution?: Attribution | null;
}

/**
 * The first step when the creator offers several session types: each one as a link to its own booking page, so the
 * list works without JavaScript (the server renders the chosen type's times and questions).
 */
export function TypeStep({ username, types, chosenId, headingRef, onKeep, attribution }: TypeStepProps) {
  return (
    <section className="panel" aria-labelledby="step-type">
      <h2 id="step-type" ref={headingRef} tabIndex={-1}>
        {Texts.stepType}
      </h2>
      <p className="panel-text">{Texts.typesIntro}</p>
      <ul className="type-list" aria-labelledby="step-type">
        {types.map((type) => (
          <li key={type.id}>
            <a
              className="type-card"
              href={withAttribution(typeHref(username, type.id), attribution)}
              aria-current={type.id === chosenId ? 'true' : undefined}
              onClick={(event) => {
                if (type.id !== chosenId) return;
                event.preventDefault();
                onKeep();
              }}
            >
              <span className="type-name">{type.name}</span>
              <span className="type-meta">{typeSummary(type)}</span>
              {type.description && <span className="type-description">{type.description}</span>}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The type being booked, shown in the later steps; with several types, the way back to change it. */
export function ChosenType({
  type,
  onChange,
  disabled,
}: {
  type: PublicSessionType;
  /** Absent when the creator offers only this one. */
  onChange?: () => void;
  disabled?: boolean;
}) {
  return (
    <div className="chosen-time">
      <p>
        <span className="chosen-label">{Texts.yourSession}</span> <strong>{type.name}</strong>{' '}
        <span className="chosen-meta">{typeSummary(type)}</span>
      </p>
      {onChange && (
        <button className="btn-ghost btn-inline" type="button" onClick={onChange} disabled={disabled}>
          {Texts.changeSession}
        </button>
      )}
    </div>
  );
}
