import {
  CONDITION_LABELS,
  CONDITION_UNSPECIFIED_LABEL,
  GRADES,
  GRADING_CERTIFICATE_MAX,
  GRADING_COMPANIES,
  type Grading,
  type GradingInput,
  PRODUCT_CONDITIONS,
  type ProductCondition,
} from '@app/contracts';
import type { ChangeEventHandler } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import styles from './product-form.module.css';

/** The attribute controls' values as text, the way forms keep them. */
export interface AttributeValues {
  condition: string;
  grading_company: string;
  grading_grade: string;
  grading_certificate: string;
}
export type AttributeField = keyof AttributeValues;

export const emptyAttributeValues: AttributeValues = {
  condition: '',
  grading_company: '',
  grading_grade: '',
  grading_certificate: '',
};

export function attributeValuesOf(product: {
  condition: ProductCondition | null;
  grading: Grading | null;
}): AttributeValues {
  return {
    condition: product.condition ?? '',
    grading_company: product.grading?.company ?? '',
    grading_grade: product.grading ? String(product.grading.grade) : '',
    grading_certificate: product.grading?.certificate ?? '',
  };
}

/**
 * The body fields for the form's values: an empty condition is null ('Sin especificar'), no company
 * means not graded. A grade without a company is sent as it is, so the schema names what is missing.
 */
export function attributePayload(
  values: AttributeValues,
  gradingAllowed: boolean,
): { condition: ProductCondition | null; grading: GradingInput | null } {
  const graded = gradingAllowed && (values.grading_company !== '' || values.grading_grade !== '');
  return {
    condition: values.condition === '' ? null : (values.condition as ProductCondition),
    grading: graded
      ? ({
          company: values.grading_company,
          grade: values.grading_grade === '' ? undefined : Number(values.grading_grade),
          certificate: values.grading_certificate,
        } as GradingInput)
      : null,
  };
}

/** The form field a schema issue belongs to (`grading.grade` → grading_grade). */
export function attributeFieldOf(path: readonly PropertyKey[]): AttributeField | undefined {
  if (path[0] === 'condition') return 'condition';
  if (path[0] !== 'grading') return undefined;
  if (path[1] === 'grade') return 'grading_grade';
  if (path[1] === 'certificate') return 'grading_certificate';
  return 'grading_company';
}

type Binding = {
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLSelectElement>;
} & Record<string, unknown>;

/**
 * 'Estado' for every product and, for trading cards, 'Calificación': company, grade and
 * certificate. `bind` gives each control its props (react-hook-form's register, or a value and
 * onChange pair).
 */
export function AttributeFields({
  bind,
  errors,
  showGrading,
  fullClassName,
}: {
  bind: (field: AttributeField) => Binding;
  errors: Partial<Record<AttributeField, string | undefined>>;
  showGrading: boolean;
  fullClassName?: string;
}) {
  return (
    <>
      <FormField label="Estado" error={errors.condition}>
        <select className="select" {...bind('condition')}>
          <option value="">{CONDITION_UNSPECIFIED_LABEL}</option>
          {PRODUCT_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {CONDITION_LABELS[c]}
            </option>
          ))}
        </select>
      </FormField>
      {showGrading && (
        <fieldset className={`plain-fieldset ${fullClassName ?? ''}`}>
          <legend className="field-label">Calificación de la carta (opcional)</legend>
          <div className={styles.gradingGrid}>
            <FormField label="Empresa" error={errors.grading_company}>
              <select className="select" {...bind('grading_company')}>
                <option value="">Sin calificar</option>
                {GRADING_COMPANIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="Nota" error={errors.grading_grade}>
              <select className="select" {...bind('grading_grade')}>
                <option value="">Nota</option>
                {GRADES.map((g) => (
                  <option key={g} value={String(g)}>
                    {Number.isInteger(g) ? g : g.toFixed(1)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              label="Certificado"
              hint="Número impreso en la funda"
              error={errors.grading_certificate}
            >
              <input
                className="input"
                autoComplete="off"
                maxLength={GRADING_CERTIFICATE_MAX}
                {...(bind('grading_certificate') as Record<string, unknown>)}
              />
            </FormField>
          </div>
        </fieldset>
      )}
    </>
  );
}
