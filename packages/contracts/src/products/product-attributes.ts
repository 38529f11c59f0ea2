/**
 * What a collector filters by besides category, brand and scale: the state of the piece and, for
 * graded cards, the grading company, grade and certificate. Pure data and rules (no zod), so the
 * web app's cards and chips read the labels without loading the schemas.
 */

export const PRODUCT_CONDITIONS = ['nuevo_en_caja', 'nuevo_sin_caja', 'usado', 'con_detalles'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

/** Labels shown on forms, cards, pages and filters; a product without one is 'Sin especificar'. */
export const CONDITION_LABELS: Record<ProductCondition, string> = {
  nuevo_en_caja: 'Nuevo en caja',
  nuevo_sin_caja: 'Nuevo sin caja',
  usado: 'Usado',
  con_detalles: 'Con detalles',
};
export const CONDITION_UNSPECIFIED_LABEL = 'Sin especificar';

export function conditionLabel(condition: string | null | undefined): string {
  return condition && condition in CONDITION_LABELS
    ? CONDITION_LABELS[condition as ProductCondition]
    : CONDITION_UNSPECIFIED_LABEL;
}

export const GRADING_COMPANIES = ['PSA', 'BGS', 'CGC', 'SGC'] as const;
export type GradingCompany = (typeof GRADING_COMPANIES)[number];
export const GRADE_MIN = 1;
export const GRADE_MAX = 10;
export const GRADE_STEP = 0.5;
export const GRADING_CERTIFICATE_MAX = 30;

/** Grades run from 1 to 10 in steps of half a point (PSA 8.5, BGS 9.5). */
export function isValidGrade(grade: number): boolean {
  return Number.isFinite(grade) && grade >= GRADE_MIN && grade <= GRADE_MAX && Number.isInteger(grade * 2);
}

/** Every grade a form offers, highest first. */
export const GRADES: number[] = Array.from(
  { length: (GRADE_MAX - GRADE_MIN) / GRADE_STEP + 1 },
  (_, i) => GRADE_MAX - i * GRADE_STEP,
);

/** 'PSA 9.5' (a whole grade without decimals: 'PSA 10'). */
export function gradingLabel(grading: { company: string; grade: number } | null | undefined): string | null {
  if (!grading) return null;
  return `${grading.company} ${Number.isInteger(grading.grade) ? grading.grade : grading.grade.toFixed(1)}`;
}

export const attributeMessages = {
  conditionInvalid: 'El estado seleccionado no es válido',
  gradingInvalid: 'La calificación no es válida',
  gradingCompanyInvalid: 'La empresa calificadora debe ser PSA, BGS, CGC o SGC',
  gradeInvalid: 'La nota debe estar entre 1 y 10, en pasos de 0,5',
  certificateTooLong: `El certificado no puede tener más de ${GRADING_CERTIFICATE_MAX} caracteres`,
  certificateInvalid: 'El certificado solo puede tener letras, números, espacios y guiones',
  gradingOnlyCards: 'Solo las cartas coleccionables pueden tener calificación',
} as const;

/** The attribute columns as stored (the grade is numeric, which database drivers answer as text). */
export interface AttributeColumns {
  condition: string | null;
  grading_company: string | null;
  grading_grade: string | number | null;
  grading_certificate: string | null;
}

/** Condition and grading as every product answer carries them. */
export function attributesFromColumns(row: AttributeColumns): {
  condition: ProductCondition | null;
  grading: { company: GradingCompany; grade: number; certificate: string | null } | null;
} {
  return {
    condition: (PRODUCT_CONDITIONS as readonly string[]).includes(row.condition ?? '')
      ? (row.condition as ProductCondition)
      : null,
    grading:
      row.grading_company === null || row.grading_grade === null
        ? null
        : {
            company: row.grading_company as GradingCompany,
            grade: Number(row.grading_grade),
            certificate: row.grading_certificate,
          },
  };
}

/** The category whose products may be graded (trading cards are what PSA, BGS, CGC and SGC grade). */
export const GRADED_CATEGORY = 'Cartas coleccionables';
export const gradingApplies = (categoryName: string | null | undefined): boolean =>
  categoryName === GRADED_CATEGORY;
