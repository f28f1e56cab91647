import type { Dispatch, SetStateAction } from 'react';
import { withDefaultScheme } from '@linkbio/shared-contracts';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { BlockFields } from './block-fields';

export interface BlockValues {
  title: string;
  url: string;
}

interface BlockInputsProps {
  fields: BlockFields;
  values: BlockValues;
  setValues: Dispatch<SetStateAction<BlockValues>>;
  errors: { title?: string; url?: string };
  saving: boolean;
  /** The title's label when it differs from the kind's (editing an embed, whose title is then required). */
  titleLabel?: string;
  titlePlaceholder?: string;
}

/** A block's title and, for the kinds that have one, its URL: the inputs the add and edit dialogs share. */
export function BlockInputs({ fields, values, setValues, errors, saving, titleLabel, titlePlaceholder }: BlockInputsProps) {
  return (
    <>
      <Field label={titleLabel ?? fields.titleLabel} error={errors.title}>
        <Input
          name="title"
          placeholder={titlePlaceholder}
          autoComplete="off"
          value={values.title}
          onChange={(event) => setValues((current) => ({ ...current, title: event.target.value }))}
          readOnly={saving}
        />
      </Field>
      {fields.url ? (
        <Field label={fields.url.label} error={errors.url}>
          <Input
            name="url"
            type="url"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={fields.url.placeholder}
            value={values.url}
            onChange={(event) => setValues((current) => ({ ...current, url: withDefaultScheme(event.target.value) }))}
            readOnly={saving}
          />
        </Field>
      ) : null}
    </>
  );
}
